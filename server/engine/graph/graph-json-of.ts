import { type JsonObject } from '../../../model';
import { type Graph, type GraphEndpoint } from './graph';
import { type ValidGraph } from './valid-graph';

/**
 * Writes a graph in the one canonical FBP JSON form this service reads, whatever form it was submitted in:
 * processes keyed by id, every port as `{nodeId, portId}`, initial packets as `{data, to}`, inner graphs
 * under `metadata.graph`, slots of addressable ports as `index`. A validated graph carries the component and port
 * ids its actors declare, and NoFlo's legacy `exports` as the inports and outports they are.
 */
export function graphJsonOf(graph: Graph | ValidGraph): JsonObject {
  const endpoint = (end: GraphEndpoint): JsonObject =>
    end.index === undefined ? { nodeId: end.nodeId, portId: end.portId } : { nodeId: end.nodeId, portId: end.portId, index: end.index };
  // Legacy exports are sorted into inports and outports by validation; a graph only read still has them.
  const exports = graph.exports.map((port) => ({ private: `${port.target.nodeId}.${port.target.portId}`, public: port.name }));
  return {
    caseSensitive: graph.caseSensitive,
    properties: graph.properties,
    processes: Object.fromEntries(
      graph.nodes.map((node) => [
        node.id,
        { component: node.component, metadata: node.subgraph === undefined ? node.metadata : { ...node.metadata, graph: graphJsonOf(node.subgraph) } },
      ]),
    ),
    connections: [
      ...graph.connections.map((connection) => ({ from: endpoint(connection.from), to: endpoint(connection.to) })),
      ...graph.initialPackets.map((packet) => ({ data: packet.data, to: endpoint(packet.to) })),
    ],
    inports: Object.fromEntries(
      graph.inports.map((port) => [
        port.name,
        port.groups === undefined ? endpoint(port.target) : { ...endpoint(port.target), metadata: { groups: [...port.groups] } },
      ]),
    ),
    outports: Object.fromEntries(graph.outports.map((port) => [port.name, endpoint(port.target)])),
    groups: [...graph.groups],
    ...(exports.length > 0 ? { exports } : {}),
  };
}
