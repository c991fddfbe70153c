import { type JsonObject, type JsonValue } from '../engine';

/** One packet for a port of the node under test, in the order given. */
export type PortPacket = readonly [port: string, value: JsonValue];

/** What `singleNodeGraph` builds around the node. */
export interface SingleNodeGraphOptions {
  /** Its `metadata.config`. */
  config?: JsonObject;
  /** Its `metadata.propertyValues`. */
  propertyValues?: JsonObject;
  /** Initial packets, in order. */
  packets?: readonly PortPacket[];
  /** Output ports exported under their own id; the others stay unconnected. */
  outports?: readonly string[];
}

/** The id of the node `singleNodeGraph` builds. */
export const NODE_ID = 'node';

/** An FBP graph of one node of `component`, fed by initial packets: the shape actor tests run. */
export function singleNodeGraph(component: string, options: SingleNodeGraphOptions = {}): JsonObject {
  return {
    processes: { [NODE_ID]: { component, metadata: { config: options.config ?? {}, propertyValues: options.propertyValues ?? {} } } },
    connections: (options.packets ?? []).map(([portId, data]) => ({ data, to: { nodeId: NODE_ID, portId } })),
    outports: Object.fromEntries((options.outports ?? []).map((portId) => [portId, { nodeId: NODE_ID, portId }])),
  };
}
