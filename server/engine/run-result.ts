import { type JsonObject } from './json-value';

/** How a run ended. */
export type RunStatus = 'completed' | 'failed' | 'cancelled';

/** One error of a run: which node (when a node caused it) and what went wrong. */
export interface RunError {
  node_id?: string;
  message: string;
}

/**
 * The `result` of an execution once its run has ended. Field names are snake_case because this object
 * is the public `result` of `GET /workflows/{execution_id}`.
 */
export interface RunResult {
  success: boolean;
  execution_id: string;
  workflow_id: string;
  /** ISO 8601. */
  start_time: string;
  /** ISO 8601. */
  end_time: string;
  duration_ms: number;
  /** Exported outport name (or `"<nodeId>.<portId>"` of an unconnected output) to the last packet that reached it. */
  outputs: JsonObject;
  errors: RunError[];
  /** Nodes that fired at least once. */
  nodes_executed: number;
  /** Nodes with at least one failed firing. */
  nodes_failed: number;
}
