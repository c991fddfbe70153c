import { type RunResult } from '../../model';
import { measuredResult } from './result-json';

/**
 * The result with every output larger than `maxBytes` (as JSON, in UTF-8) replaced by a marker text that
 * says how large it was: a run that produced a huge value still completes, and its record stays small. Each
 * output is serialised once, and the result's JSON text is kept for the writes that follow.
 */
export function limitOutputs(result: RunResult, maxBytes: number): RunResult {
  return measuredResult(result, maxBytes, (bytes) => oversizedOutput(bytes, maxBytes));
}

/** The marker text that stands for an output of `bytes` (as JSON) over `maxBytes`: what the result holds in its place. */
export function oversizedOutput(bytes: number, maxBytes: number): string {
  return `[output of ${bytes} bytes left out: larger than max_result_bytes (${maxBytes})]`;
}
