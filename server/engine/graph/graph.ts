import { type JsonObject, type JsonValue } from '../../../model';

/** The component name of a composite node: a process whose `metadata.graph` is run as a subgraph. */
export const SUBGRAPH_COMPONENT = 'subgraph';

/** One port of one node, with where it was named in the submitted graph. */
export interface GraphEndpoint {
  /** The node id. */
  readonly nodeId: string;
  /** The port id: as submitted in a parsed graph, as the actor declares it in a validated one. */
  readonly portId: string;
  /** Where this end sits in the submitted graph, such as `connections[2].to`. */
  readonly path: string;
  /** The key that named the node (`nodeId` or `process`), so issue paths point at it. */
  readonly nodeKey: string;
  /** The key that named the port (`portId` or `port`). */
  readonly portKey: string;
  /**
   * The slot of an addressable port this end names (`IN[2]` in .fbp, `index` in JSON). Packets of every slot of an
   * addressable inport arrive at the one port, and an outport sends to every slot; see `InPortSpec.addressable`.
   */
  readonly index?: number;
}

/** A node of a graph: an instance of a component with its configuration layers. */
export interface GraphNode {
  /** The node id, unique within its graph. */
  readonly id: string;
  /** The component (catalogue id) or `subgraph`. */
  readonly component: string;
  /** Where the node sits in the submitted graph, such as `processes.mul`. */
  readonly path: string;
  /** The node's metadata as submitted, without its inner graph. */
  readonly metadata: JsonObject;
  /** `metadata.propertyValues`, the middle configuration layer. */
  readonly propertyValues: JsonObject;
  /** `metadata.config`, the configuration layer that wins. */
  readonly config: JsonObject;
  /** The inner graph of a composite node. */
  readonly subgraph?: Graph;
  /** Why a composite node has no inner graph although it names one. */
  readonly subgraphProblem?: 'cycle' | 'too-deep';
}

/** A connection from an output port to an input port. */
export interface GraphConnection {
  readonly from: GraphEndpoint;
  readonly to: GraphEndpoint;
  /** Where the connection sits, such as `connections[2]`. */
  readonly path: string;
}

/** An initial packet (IIP): a value delivered to a port when the run starts. */
export interface GraphInitialPacket {
  readonly data: JsonValue;
  readonly to: GraphEndpoint;
  readonly path: string;
}

/** A port of the graph itself (an `inports` or `outports` entry) bound to a port of a node. */
export interface GraphExportedPort {
  readonly name: string;
  readonly target: GraphEndpoint;
  readonly path: string;
  /**
   * An exported inport's `metadata.groups`: the groups (NoFlo brackets) the run's input on it is sent within, its
   * stream ending with it. The FBP protocol's runtime writes them for a packet sent between begingroup and endgroup.
   */
  readonly groups?: readonly JsonValue[];
}

/** A parsed FBP graph in one normalized form, whatever lenient form was submitted. */
export interface Graph {
  /** Where this graph sits in the submitted document: `''` at top level, `processes.sub.metadata.graph` inside. */
  readonly path: string;
  /** Whether port ids must match exactly; when false, case and `_`/`-` are ignored. */
  readonly caseSensitive: boolean;
  readonly properties: JsonObject;
  readonly groups: readonly JsonValue[];
  readonly nodes: readonly GraphNode[];
  readonly connections: readonly GraphConnection[];
  readonly initialPackets: readonly GraphInitialPacket[];
  readonly inports: readonly GraphExportedPort[];
  readonly outports: readonly GraphExportedPort[];
  /**
   * NoFlo's legacy `exports` (`{private: 'node.port', public: 'name'}`), whose side is not written: validation makes
   * each an exported inport or outport by the direction of the port on its node. Empty in a validated graph.
   */
  readonly exports: readonly GraphExportedPort[];
}
