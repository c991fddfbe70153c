/** The error a run cancelled by a shutdown of the service ends with. */
export const SHUTDOWN_REASON = 'shutdown: the service stopped before the run ended';

/** The error of the executions a single node left queued or running when it stopped. */
export const INTERRUPTED_MESSAGE = 'The server stopped while this execution was running';

/** The error of the executions a node left running when it stopped (a restart, or a cluster node found dead). */
export function nodeStoppedMessage(nodeId: string): string {
  return `node ${nodeId} stopped`;
}
