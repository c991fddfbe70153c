import { type ExecutionStatus, type RunResult } from '../../model';
import { type StoredRequest } from './start-request';

/** What the service keeps of one execution. */
export interface ExecutionRecord {
  id: string;
  status: ExecutionStatus;
  workflowId: string;
  source: string;
  /** The deployment whose trigger or hook started it; absent for every other run. */
  deploymentId?: string;
  /** The tenant of the token that started it (or of the deployment that did); absent for a caller of no tenant. */
  tenant?: string;
  /** The service node that runs or ran it; null until one claims it. */
  nodeId: string | null;
  /** A digest of the start request, to tell an idempotent retry from a conflicting reuse of the id. */
  fingerprint: string;
  /** The graph as submitted (and in FBP JSON), the input and the metadata: enough to inspect or re-run the execution. */
  request: StoredRequest;
  /** null until the run ends. */
  result: RunResult | null;
  /** Epoch milliseconds. */
  createdAt: number;
  startedAt: number | null;
  endedAt: number | null;
}

/** The fields of a record that change after it is created. */
export type ExecutionUpdate = Partial<Pick<ExecutionRecord, 'status' | 'nodeId' | 'result' | 'startedAt' | 'endedAt'>>;
