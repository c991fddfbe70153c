import { type ExecutionStatus, type RunResult, type StartRequest } from '../../model';

/** What the service keeps of one execution. */
export interface ExecutionRecord {
  id: string;
  status: ExecutionStatus;
  workflowId: string;
  source: string;
  /** A digest of the start request, to tell an idempotent retry from a conflicting reuse of the id. */
  fingerprint: string;
  /** The graph as submitted, the input and the metadata: enough to inspect or re-run the execution. */
  request: StartRequest;
  /** null until the run ends. */
  result: RunResult | null;
  /** Epoch milliseconds. */
  createdAt: number;
  startedAt: number | null;
  endedAt: number | null;
}

/** The fields of a record that change after it is created. */
export type ExecutionUpdate = Partial<Pick<ExecutionRecord, 'status' | 'result' | 'startedAt' | 'endedAt'>>;
