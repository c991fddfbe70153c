import { type GraphJson, type JsonObject } from '../../model';

/** A port of a node as the protocol names it. */
export interface ProtocolPort {
  node: string;
  port: string;
  index?: number | string;
}

/** An acknowledgement or follow-up a graph change answers with: a `graph` command and its payload. */
export interface GraphChange {
  command: string;
  payload: JsonObject;
}

/** A change the graph refuses; its message is the protocol's `graph:error`. */
export class GraphCommandError extends Error {}

interface ProtocolNode {
  component: string;
  metadata: JsonObject;
}

interface ProtocolEdge {
  src: ProtocolPort;
  tgt: ProtocolPort;
  metadata: JsonObject;
}

interface ProtocolInitial {
  data: unknown;
  tgt: ProtocolPort;
  metadata: JsonObject;
}

interface ExportedPort {
  node: string;
  port: string;
  metadata?: JsonObject;
}

/** How big a graph edited over the protocol may grow. */
export interface ProtocolGraphLimits {
  maxNodes: number;
  maxConnections: number;
}

/**
 * A graph edited over the FBP Network Protocol's graph subprotocol: nodes, edges, initial packets and exported
 * ports, changed one command at a time. Each command answers what the runtime acknowledges, the command's own
 * payload first (a removed node's edges come back as `removeedge` before its `removenode`). The graph runs as
 * the FBP JSON {@link toGraphJson} writes; a node's `metadata.config` is its actor configuration.
 */
export class ProtocolGraph {
  private readonly nodes = new Map<string, ProtocolNode>();
  private edges: ProtocolEdge[] = [];
  private initials: ProtocolInitial[] = [];
  private readonly inports = new Map<string, ExportedPort>();
  private readonly outports = new Map<string, ExportedPort>();

  constructor(
    readonly id: string,
    private readonly properties: JsonObject,
    private readonly limits: ProtocolGraphLimits,
  ) {}

  addNode(id: string, component: string, metadata: JsonObject): GraphChange[] {
    if (this.nodes.has(id)) throw new GraphCommandError(`Node '${id}' already exists`);
    if (this.nodes.size >= this.limits.maxNodes) throw new GraphCommandError(`The graph has ${this.limits.maxNodes} nodes, the most it may have (max_graph_nodes)`);
    this.nodes.set(id, { component, metadata });
    return [{ command: 'addnode', payload: { id, component, metadata, graph: this.id } }];
  }

  removeNode(id: string): GraphChange[] {
    this.node(id);
    const changes: GraphChange[] = [];
    for (const edge of this.edges.filter((e) => e.src.node === id || e.tgt.node === id)) changes.push(...this.removeEdge(edge.src, edge.tgt));
    for (const initial of this.initials.filter((i) => i.tgt.node === id)) changes.push(...this.removeInitial(initial.tgt));
    for (const [name, port] of this.inports) if (port.node === id) changes.push(...this.removeExported('inport', name));
    for (const [name, port] of this.outports) if (port.node === id) changes.push(...this.removeExported('outport', name));
    this.nodes.delete(id);
    return [...changes, { command: 'removenode', payload: { id, graph: this.id } }];
  }

  renameNode(from: string, to: string): GraphChange[] {
    const node = this.node(from);
    if (this.nodes.has(to)) throw new GraphCommandError(`Node '${to}' already exists`);
    this.nodes.delete(from);
    this.nodes.set(to, node);
    const rename = (port: { node: string }) => {
      if (port.node === from) port.node = to;
    };
    for (const edge of this.edges) [edge.src, edge.tgt].forEach(rename);
    for (const initial of this.initials) rename(initial.tgt);
    for (const port of [...this.inports.values(), ...this.outports.values()]) rename(port);
    return [{ command: 'renamenode', payload: { from, to, graph: this.id } }];
  }

  /** Merges `metadata` into the node's; a key set to `null` is removed. */
  changeNode(id: string, metadata: JsonObject): GraphChange[] {
    const node = this.node(id);
    node.metadata = mergeMetadata(node.metadata, metadata);
    return [{ command: 'changenode', payload: { id, metadata: node.metadata, graph: this.id } }];
  }

  addEdge(src: ProtocolPort, tgt: ProtocolPort, metadata: JsonObject): GraphChange[] {
    this.node(src.node);
    this.node(tgt.node);
    this.roomForConnection();
    this.edges.push({ src, tgt, metadata });
    return [{ command: 'addedge', payload: { src: { ...src }, tgt: { ...tgt }, metadata, graph: this.id } }];
  }

  removeEdge(src: ProtocolPort, tgt: ProtocolPort): GraphChange[] {
    const edge = this.edges.find((e) => samePort(e.src, src) && samePort(e.tgt, tgt));
    if (edge === undefined) throw new GraphCommandError(`No edge from ${src.node} ${src.port} to ${tgt.node} ${tgt.port}`);
    this.edges = this.edges.filter((e) => e !== edge);
    return [{ command: 'removeedge', payload: { src: { ...edge.src }, tgt: { ...edge.tgt }, graph: this.id } }];
  }

  /** Merges `metadata` into the edge's; a key set to `null` is removed. */
  changeEdge(src: ProtocolPort, tgt: ProtocolPort, metadata: JsonObject): GraphChange[] {
    const edge = this.edges.find((e) => samePort(e.src, src) && samePort(e.tgt, tgt));
    if (edge === undefined) throw new GraphCommandError(`No edge from ${src.node} ${src.port} to ${tgt.node} ${tgt.port}`);
    edge.metadata = mergeMetadata(edge.metadata, metadata);
    return [{ command: 'changeedge', payload: { src: { ...edge.src }, tgt: { ...edge.tgt }, metadata: edge.metadata, graph: this.id } }];
  }

  addInitial(data: unknown, tgt: ProtocolPort, metadata: JsonObject): GraphChange[] {
    this.node(tgt.node);
    this.roomForConnection();
    this.initials.push({ data, tgt, metadata });
    return [{ command: 'addinitial', payload: { src: { data } as JsonObject, tgt: { ...tgt }, metadata, graph: this.id } }];
  }

  removeInitial(tgt: ProtocolPort): GraphChange[] {
    const initial = this.initials.find((i) => samePort(i.tgt, tgt));
    if (initial === undefined) throw new GraphCommandError(`No initial packet for ${tgt.node} ${tgt.port}`);
    this.initials = this.initials.filter((i) => i !== initial);
    return [{ command: 'removeinitial', payload: { src: { data: initial.data } as JsonObject, tgt: { ...initial.tgt }, graph: this.id } }];
  }

  addExported(side: 'inport' | 'outport', name: string, port: ExportedPort): GraphChange[] {
    this.node(port.node);
    (side === 'inport' ? this.inports : this.outports).set(name, port);
    const payload: JsonObject = { public: name, node: port.node, port: port.port, graph: this.id };
    if (port.metadata !== undefined) payload.metadata = port.metadata;
    return [{ command: `add${side}`, payload }];
  }

  removeExported(side: 'inport' | 'outport', name: string): GraphChange[] {
    const ports = side === 'inport' ? this.inports : this.outports;
    if (!ports.delete(name)) throw new GraphCommandError(`No exported ${side} '${name}'`);
    return [{ command: `remove${side}`, payload: { public: name, graph: this.id } }];
  }

  renameExported(side: 'inport' | 'outport', from: string, to: string): GraphChange[] {
    const ports = side === 'inport' ? this.inports : this.outports;
    const port = ports.get(from);
    if (port === undefined) throw new GraphCommandError(`No exported ${side} '${from}'`);
    ports.delete(from);
    ports.set(to, port);
    return [{ command: `rename${side}`, payload: { from, to, graph: this.id } }];
  }

  /** The initial packets, in the order they were added. */
  initialPackets(): readonly { data: unknown; tgt: ProtocolPort }[] {
    return this.initials;
  }

  /** The edge whose ends match these node and port names (ignoring case and `_` versus `-`), as the client spelled it. */
  findEdge(fromNode: string, fromPort: string, toNode: string, toPort: string): { src: ProtocolPort; tgt: ProtocolPort } | undefined {
    return this.edges.find((e) => e.src.node === fromNode && e.tgt.node === toNode && portKey(e.src.port) === portKey(fromPort) && portKey(e.tgt.port) === portKey(toPort));
  }

  /** The graph in FBP JSON, as the execution service runs it. */
  toGraphJson(): GraphJson {
    const endpoint = (port: ProtocolPort) => ({ process: port.node, port: port.port, ...(port.index === undefined ? {} : { index: Number(port.index) }) });
    const exported = (ports: Map<string, ExportedPort>) => Object.fromEntries([...ports].map(([name, port]) => [name, { process: port.node, port: port.port }]));
    return {
      caseSensitive: false,
      properties: { ...this.properties, name: typeof this.properties.name === 'string' ? this.properties.name : this.id },
      processes: Object.fromEntries([...this.nodes].map(([id, node]) => [id, { component: node.component, metadata: node.metadata }])),
      connections: [...this.edges.map((edge) => ({ src: endpoint(edge.src), tgt: endpoint(edge.tgt), metadata: edge.metadata })), ...this.initials.map((initial) => ({ data: initial.data, tgt: endpoint(initial.tgt) }))],
      inports: exported(this.inports),
      outports: exported(this.outports),
    };
  }

  private roomForConnection(): void {
    if (this.edges.length + this.initials.length >= this.limits.maxConnections) {
      throw new GraphCommandError(`The graph has ${this.limits.maxConnections} connections, the most it may have (max_graph_connections)`);
    }
  }

  private node(id: string): ProtocolNode {
    const node = this.nodes.get(id);
    if (node === undefined) throw new GraphCommandError(`Requested node '${id}' not found`);
    return node;
  }
}

function mergeMetadata(current: JsonObject, change: JsonObject): JsonObject {
  const merged: JsonObject = { ...current };
  for (const [key, value] of Object.entries(change)) {
    if (value === null) delete merged[key];
    else Object.defineProperty(merged, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return merged;
}

function samePort(a: ProtocolPort, b: ProtocolPort): boolean {
  return a.node === b.node && portKey(a.port) === portKey(b.port) && (a.index ?? null) === (b.index ?? null);
}

// Ports match as the engine matches them in a graph that is not case-sensitive.
function portKey(port: string): string {
  return port.toLowerCase().replace(/_/g, '-');
}
