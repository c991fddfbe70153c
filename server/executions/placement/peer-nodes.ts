import { type ConfigUpdateOutcome, type JsonObject } from '../../engine';

/**
 * How one node of a cluster reaches the node that runs an execution: what cancel and configuration updates
 * need, since only that node holds the running network.
 */
export interface PeerNodes {
  /** Asks `nodeId` to cancel a run of its own; resolves once that node has stopped it (or found it ended). */
  cancel(nodeId: string, executionId: string, reason: string | undefined): Promise<void>;
  /** Asks `nodeId` to give one node of its run a new configuration; resolves with that node's answer. */
  updateNodeConfig(nodeId: string, executionId: string, graphNodeId: string, config: JsonObject): Promise<ConfigUpdateOutcome>;
}
