import { type GraphJson, type JsonObject, type JsonValue } from '../../model';
import { type GraphByteBudget, jsonBytes } from './graph-byte-budget';
import { GraphCommandError } from './graph-command-error';
import { type GraphGroup, GraphGroups } from './graph-groups';

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

// Each part keeps the bytes it was counted with, so that removing it gives back exactly those.
interface ProtocolNode {
  component: string;
  metadata: JsonObject;
  bytes: number;
}

interface ProtocolEdge {
  src: ProtocolPort;
  tgt: ProtocolPort;
  metadata: JsonObject;
  bytes: number;
}

interface ProtocolInitial {
  data: unknown;
  tgt: ProtocolPort;
  metadata: JsonObject;
  bytes: number;
}

interface ExportedPort {
  node: string;
  port: string;
  metadata?: JsonObject;
}

interface HeldExportedPort extends ExportedPort {
  bytes: number;
}

/** How big a graph edited over the protocol may grow. */
export interface ProtocolGraphLimits {
  maxNodes: number;
  maxConnections: number;
}

const nodeBytes = (id: string, component: string, metadata: JsonObject): number => jsonBytes(id) + jsonBytes(component) + jsonBytes(metadata);
const edgeBytes = (src: ProtocolPort, tgt: ProtocolPort, metadata: JsonObject): number => jsonBytes(src) + jsonBytes(tgt) + jsonBytes(metadata);
const initialBytes = (data: unknown, tgt: ProtocolPort, metadata: JsonObject): number => jsonBytes(data) + jsonBytes(tgt) + jsonBytes(metadata);
const exportedBytes = (name: string, port: ExportedPort): number => jsonBytes(name) + jsonBytes(port);

/**
 * A graph edited over the FBP Network Protocol's graph subprotocol: nodes, edges, initial packets and exported
 * ports, changed one command at a time. Each command answers what the runtime acknowledges, the command's own
 * payload first (a removed node's edges come back as `removeedge` before its `removenode`). The graph runs as
 * the FBP JSON {@link toGraphJson} writes; a node's `metadata.config` is its actor configuration.
 *
 * Every change counts the bytes it adds or frees against the runtime's {@link GraphByteBudget} before it is
 * made: a change beyond the budget is refused and the graph stays as it was. The graph's own bytes (its id and
 * properties, {@link bytes}) are the runtime's to count when it takes the graph in.
 */
export class ProtocolGraph {
  private readonly nodes = new Map<string, ProtocolNode>();
  private edges: ProtocolEdge[] = [];
  private initials: ProtocolInitial[] = [];
  private readonly inports = new Map<string, HeldExportedPort>();
  private readonly outports = new Map<string, HeldExportedPort>();
  private readonly groups = new GraphGroups((delta) => this.grow(delta));
  private held: number;

  constructor(
    readonly id: string,
    private readonly properties: JsonObject,
    private readonly limits: ProtocolGraphLimits,
    private readonly budget: GraphByteBudget,
  ) {
    this.held = jsonBytes(id) + jsonBytes(properties);
  }

  /** Bytes the graph holds: its id and properties and every node, edge, initial packet and exported port. */
  get bytes(): number {
    return this.held;
  }

  addNode(id: string, component: string, metadata: JsonObject): GraphChange[] {
    if (this.nodes.has(id)) throw new GraphCommandError(`Node '${id}' already exists`);
    if (this.nodes.size >= this.limits.maxNodes)
      throw new GraphCommandError(`The graph has ${this.limits.maxNodes} nodes, the most it may have (max_graph_nodes)`);
    const bytes = nodeBytes(id, component, metadata);
    this.grow(bytes);
    this.nodes.set(id, { component, metadata, bytes });
    return [{ command: 'addnode', payload: { id, component, metadata, graph: this.id } }];
  }

  removeNode(id: string): GraphChange[] {
    this.node(id);
    const changes: GraphChange[] = [];
    for (const edge of this.edges.filter((e) => e.src.node === id || e.tgt.node === id)) changes.push(...this.removeEdge(edge.src, edge.tgt));
    for (const initial of this.initials.filter((i) => i.tgt.node === id)) changes.push(...this.removeInitial(initial.tgt));
    for (const [name, port] of this.inports) if (port.node === id) changes.push(...this.removeExported('inport', name));
    for (const [name, port] of this.outports) if (port.node === id) changes.push(...this.removeExported('outport', name));
    for (const name of this.groups.nodeChanged(id, undefined)) changes.push({ command: 'removegroup', payload: { name, graph: this.id } });
    this.grow(-this.node(id).bytes);
    this.nodes.delete(id);
    return [...changes, { command: 'removenode', payload: { id, graph: this.id } }];
  }

  renameNode(from: string, to: string): GraphChange[] {
    const node = this.node(from);
    if (this.nodes.has(to)) throw new GraphCommandError(`Node '${to}' already exists`);
    this.groups.nodeChanged(from, to);
    // The name is written once in the node and once in every port that points at it.
    const perName = jsonBytes(to) - jsonBytes(from);
    const named = (...ports: { node: string }[]) => ports.filter((port) => port.node === from).length;
    const parts: [{ bytes: number }, number][] = [
      [node, 1],
      ...this.edges.map((edge): [ProtocolEdge, number] => [edge, named(edge.src, edge.tgt)]),
      ...this.initials.map((initial): [ProtocolInitial, number] => [initial, named(initial.tgt)]),
      ...[...this.inports.values(), ...this.outports.values()].map((port): [HeldExportedPort, number] => [port, named(port)]),
    ];
    try {
      this.grow(parts.reduce((sum, [, names]) => sum + perName * names, 0));
    } catch (error) {
      this.groups.nodeChanged(to, from);
      throw error;
    }
    for (const [part, names] of parts) part.bytes += perName * names;
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
    const merged = mergeMetadata(node.metadata, metadata);
    const bytes = nodeBytes(id, node.component, merged);
    this.grow(bytes - node.bytes);
    node.metadata = merged;
    node.bytes = bytes;
    return [{ command: 'changenode', payload: { id, metadata: node.metadata, graph: this.id } }];
  }

  addEdge(src: ProtocolPort, tgt: ProtocolPort, metadata: JsonObject): GraphChange[] {
    this.node(src.node);
    this.node(tgt.node);
    this.roomForConnection();
    const bytes = edgeBytes(src, tgt, metadata);
    this.grow(bytes);
    this.edges.push({ src, tgt, metadata, bytes });
    return [{ command: 'addedge', payload: { src: { ...src }, tgt: { ...tgt }, metadata, graph: this.id } }];
  }

  removeEdge(src: ProtocolPort, tgt: ProtocolPort): GraphChange[] {
    const edge = this.edges.find((e) => samePort(e.src, src) && samePort(e.tgt, tgt));
    if (edge === undefined) throw new GraphCommandError(`No edge from ${src.node} ${src.port} to ${tgt.node} ${tgt.port}`);
    this.grow(-edge.bytes);
    this.edges = this.edges.filter((e) => e !== edge);
    return [{ command: 'removeedge', payload: { src: { ...edge.src }, tgt: { ...edge.tgt }, graph: this.id } }];
  }

  /** Merges `metadata` into the edge's; a key set to `null` is removed. */
  changeEdge(src: ProtocolPort, tgt: ProtocolPort, metadata: JsonObject): GraphChange[] {
    const edge = this.edges.find((e) => samePort(e.src, src) && samePort(e.tgt, tgt));
    if (edge === undefined) throw new GraphCommandError(`No edge from ${src.node} ${src.port} to ${tgt.node} ${tgt.port}`);
    const merged = mergeMetadata(edge.metadata, metadata);
    const bytes = edgeBytes(edge.src, edge.tgt, merged);
    this.grow(bytes - edge.bytes);
    edge.metadata = merged;
    edge.bytes = bytes;
    return [{ command: 'changeedge', payload: { src: { ...edge.src }, tgt: { ...edge.tgt }, metadata: edge.metadata, graph: this.id } }];
  }

  addInitial(data: unknown, tgt: ProtocolPort, metadata: JsonObject): GraphChange[] {
    this.node(tgt.node);
    this.roomForConnection();
    const bytes = initialBytes(data, tgt, metadata);
    this.grow(bytes);
    this.initials.push({ data, tgt, metadata, bytes });
    return [{ command: 'addinitial', payload: { src: { data } as JsonObject, tgt: { ...tgt }, metadata, graph: this.id } }];
  }

  removeInitial(tgt: ProtocolPort): GraphChange[] {
    const initial = this.initials.find((i) => samePort(i.tgt, tgt));
    if (initial === undefined) throw new GraphCommandError(`No initial packet for ${tgt.node} ${tgt.port}`);
    this.grow(-initial.bytes);
    this.initials = this.initials.filter((i) => i !== initial);
    return [{ command: 'removeinitial', payload: { src: { data: initial.data } as JsonObject, tgt: { ...initial.tgt }, graph: this.id } }];
  }

  addExported(side: 'inport' | 'outport', name: string, port: ExportedPort): GraphChange[] {
    this.node(port.node);
    const ports = side === 'inport' ? this.inports : this.outports;
    const bytes = exportedBytes(name, port);
    this.grow(bytes - (ports.get(name)?.bytes ?? 0));
    ports.set(name, { ...port, bytes });
    const payload: JsonObject = { public: name, node: port.node, port: port.port, graph: this.id };
    if (port.metadata !== undefined) payload.metadata = port.metadata;
    return [{ command: `add${side}`, payload }];
  }

  removeExported(side: 'inport' | 'outport', name: string): GraphChange[] {
    const ports = side === 'inport' ? this.inports : this.outports;
    const port = ports.get(name);
    if (port === undefined) throw new GraphCommandError(`No exported ${side} '${name}'`);
    this.grow(-port.bytes);
    ports.delete(name);
    return [{ command: `remove${side}`, payload: { public: name, graph: this.id } }];
  }

  renameExported(side: 'inport' | 'outport', from: string, to: string): GraphChange[] {
    const ports = side === 'inport' ? this.inports : this.outports;
    const port = ports.get(from);
    if (port === undefined) throw new GraphCommandError(`No exported ${side} '${from}'`);
    // A port already exported as `to` is replaced, and its bytes freed.
    const perName = jsonBytes(to) - jsonBytes(from);
    const replaced = to === from ? 0 : (ports.get(to)?.bytes ?? 0);
    this.grow(perName - replaced);
    port.bytes += perName;
    ports.delete(from);
    ports.set(to, port);
    return [{ command: `rename${side}`, payload: { from, to, graph: this.id } }];
  }

  /** Adds a group of existing nodes (replacing a group of that name); a group holds at least one node, as NoFlo keeps no empty group. */
  addGroup(name: string, nodes: string[], metadata: JsonObject): GraphChange[] {
    if (nodes.length === 0) throw new GraphCommandError(`Group '${name}' needs at least one node`);
    for (const node of nodes) this.node(node);
    this.groups.add(name, nodes, metadata);
    return [{ command: 'addgroup', payload: { name, nodes: [...nodes], metadata, graph: this.id } }];
  }

  removeGroup(name: string): GraphChange[] {
    this.groups.remove(name);
    return [{ command: 'removegroup', payload: { name, graph: this.id } }];
  }

  renameGroup(from: string, to: string): GraphChange[] {
    this.groups.rename(from, to);
    return [{ command: 'renamegroup', payload: { from, to, graph: this.id } }];
  }

  /** Merges `metadata` into the group's; a key set to `null` is removed. */
  changeGroup(name: string, metadata: JsonObject): GraphChange[] {
    const merged = this.groups.change(name, (current) => mergeMetadata(current, metadata));
    return [{ command: 'changegroup', payload: { name, metadata: merged, graph: this.id } }];
  }

  /** The exported ports of one side, by public name, in the order they were added. */
  exportedPorts(side: 'inport' | 'outport'): { name: string; node: string; port: string; metadata?: JsonObject }[] {
    return [...(side === 'inport' ? this.inports : this.outports)].map(([name, port]) => ({
      name,
      node: port.node,
      port: port.port,
      ...(port.metadata === undefined ? {} : { metadata: port.metadata }),
    }));
  }

  /** The component each node runs, by node id. */
  componentOf(node: string): string | undefined {
    return this.nodes.get(node)?.component;
  }

  /** The graph's properties as `graph:clear` set them (name, library, icon, description, main). */
  get info(): JsonObject {
    return this.properties;
  }

  /** The initial packets, in the order they were added. */
  initialPackets(): readonly { data: unknown; tgt: ProtocolPort }[] {
    return this.initials;
  }

  /** Whether packets sent on a node's outport go anywhere: to an edge, or out of the graph as an exported outport. */
  sendsFrom(node: string, port: string): boolean {
    const at = (end: { node: string; port: string }) => end.node === node && portKey(end.port) === portKey(port);
    return this.edges.some((edge) => at(edge.src)) || [...this.outports.values()].some(at);
  }

  /** The edge whose ends match these node and port names (ignoring case and `_` versus `-`), as the client spelled it. */
  findEdge(fromNode: string, fromPort: string, toNode: string, toPort: string): { src: ProtocolPort; tgt: ProtocolPort } | undefined {
    return this.edges.find(
      (e) => e.src.node === fromNode && e.tgt.node === toNode && portKey(e.src.port) === portKey(fromPort) && portKey(e.tgt.port) === portKey(toPort),
    );
  }

  /** The graph in FBP JSON, as the execution service runs it. */
  toGraphJson(): GraphJson {
    const endpoint = (port: ProtocolPort) => ({ process: port.node, port: port.port, ...(port.index === undefined ? {} : { index: Number(port.index) }) });
    const exported = (ports: Map<string, ExportedPort>) =>
      Object.fromEntries([...ports].map(([name, port]) => [name, { process: port.node, port: port.port }]));
    return {
      caseSensitive: false,
      properties: { ...this.properties, name: typeof this.properties.name === 'string' ? this.properties.name : this.id },
      processes: Object.fromEntries([...this.nodes].map(([id, node]) => [id, { component: node.component, metadata: node.metadata }])),
      connections: [
        ...this.edges.map((edge) => ({ src: endpoint(edge.src), tgt: endpoint(edge.tgt), metadata: edge.metadata })),
        ...this.initials.map((initial) => ({ data: initial.data, tgt: endpoint(initial.tgt) })),
      ],
      inports: exported(this.inports),
      outports: exported(this.outports),
      groups: groupsJson(this.groups.list()),
    };
  }

  /**
   * The graph as a JSON document, every part in the order it was added: what a store keeps, and what
   * `graphFromDocument` builds the graph again from. The document shares the graph's metadata and packets,
   * which no change alters in place.
   */
  toDocument(): JsonObject {
    const exported = (ports: Map<string, HeldExportedPort>) =>
      [...ports].map(([name, port]): JsonObject => ({
        public: name,
        node: port.node,
        port: port.port,
        ...(port.metadata === undefined ? {} : { metadata: port.metadata }),
      }));
    return {
      id: this.id,
      properties: this.properties,
      nodes: [...this.nodes].map(([id, node]) => ({ id, component: node.component, metadata: node.metadata })),
      edges: this.edges.map((edge) => ({ src: portDocument(edge.src), tgt: portDocument(edge.tgt), metadata: edge.metadata })),
      initials: this.initials.map((initial) => ({ data: initial.data as JsonValue, tgt: portDocument(initial.tgt), metadata: initial.metadata })),
      inports: exported(this.inports),
      outports: exported(this.outports),
      groups: groupsJson(this.groups.list()),
    };
  }

  // Counts a change's bytes against the runtime's budget first: a refused change leaves the graph as it was.
  private grow(delta: number): void {
    this.budget.change(delta);
    this.held += delta;
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

function groupsJson(groups: GraphGroup[]): JsonObject[] {
  return groups.map((group) => ({ name: group.name, nodes: group.nodes, metadata: group.metadata }));
}

function mergeMetadata(current: JsonObject, change: JsonObject): JsonObject {
  const merged: JsonObject = { ...current };
  for (const [key, value] of Object.entries(change)) {
    if (value === null) delete merged[key];
    else Object.defineProperty(merged, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return merged;
}

// A copy of the port: renaming a node changes the graph's ports in place.
function portDocument({ node, port, index }: ProtocolPort): JsonObject {
  return index === undefined ? { node, port } : { node, port, index };
}

function samePort(a: ProtocolPort, b: ProtocolPort): boolean {
  return a.node === b.node && portKey(a.port) === portKey(b.port) && (a.index ?? null) === (b.index ?? null);
}

// Ports match as the engine matches them in a graph that is not case-sensitive.
function portKey(port: string): string {
  return port.toLowerCase().replace(/_/g, '-');
}
