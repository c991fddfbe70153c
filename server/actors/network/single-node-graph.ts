import { type JsonObject, type JsonValue } from '../../engine';

/** What `singleNodeGraph` builds around the node. */
export interface SingleNodeGraphOptions {
  /** Initial packets, in order, as `[portId, value]`. */
  packets?: readonly (readonly [string, JsonValue])[];
  /** Output ports exported under their own id; the others stay unconnected. */
  outports?: readonly string[];
}

/** The id of the node `singleNodeGraph` builds. */
export const NODE_ID = 'node';

/** An FBP graph of one node of `component` with `propertyValues`, fed by initial packets: the shape actor tests run. */
export function singleNodeGraph(component: string, propertyValues: JsonObject, options: SingleNodeGraphOptions = {}): JsonObject {
  return {
    processes: { [NODE_ID]: { component, metadata: { propertyValues } } },
    connections: (options.packets ?? []).map(([portId, data]) => ({ data, to: { nodeId: NODE_ID, portId } })),
    outports: Object.fromEntries((options.outports ?? []).map((portId) => [portId, { nodeId: NODE_ID, portId }])),
  };
}
