import { type Catalogue } from '../engine';
import { type JsonObject } from '../../model';
import { exportedPortPayloads, graphComponentPayload } from './component-list';
import { type NetworkRuns } from './network-runs';
import { type ProtocolGraph } from './protocol-graph';
import { type ProtocolGraphs } from './protocol-graphs';
import { type FbpMessage } from './protocol-message';

/** Where a runtime sends one client's replies. */
export type Send = (message: FbpMessage) => void;

/** What the handlers of each subprotocol share: the runtime's graphs, networks and catalogue, and its clients. */
export interface RuntimeContext {
  readonly graphs: ProtocolGraphs;
  readonly networks: NetworkRuns;
  readonly catalogue: Catalogue;
  /** Sends a message to every client that may act, but `except`. */
  broadcast(message: FbpMessage, except?: Send): void;
}

/** The `runtime:ports` payload of a graph: its exported ports, typed as the ports behind them. */
export function portsPayload(context: RuntimeContext, graph: ProtocolGraph): JsonObject {
  return {
    graph: graph.id,
    inPorts: exportedPortPayloads(graph, 'inport', context.catalogue),
    outPorts: exportedPortPayloads(graph, 'outport', context.catalogue),
  };
}

/**
 * Tells every client that may act that a graph's exported ports changed: `runtime:ports`, and when the graph is a
 * component, its `component:component` again.
 */
export function announcePorts(context: RuntimeContext, graph: ProtocolGraph): void {
  context.broadcast({ protocol: 'runtime', command: 'ports', payload: portsPayload(context, graph) });
  const name = context.graphs.componentName(graph);
  if (name !== undefined) context.broadcast({ protocol: 'component', command: 'component', payload: graphComponentPayload(name, graph, context.catalogue) });
}
