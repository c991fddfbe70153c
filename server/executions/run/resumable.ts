import { type ExecutionRecord } from '../execution-record';

/**
 * Whether an execution resumes after the end of the process running it, and so keeps a firing journal: when the
 * service resumes interrupted runs (`resume_interrupted_runs`), unless its metadata says `resume_if_interrupted: false`.
 */
export function isResumable(record: ExecutionRecord, resumeInterruptedRuns: boolean): boolean {
  return resumeInterruptedRuns && record.request.metadata.resume_if_interrupted !== false;
}
