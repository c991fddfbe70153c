import { type ZodIssue, z } from 'zod';
import {
  type Graph,
  type GraphConnection,
  type GraphEndpoint,
  type GraphExportedPort,
  type GraphInitialPacket,
  type GraphNode,
  SUBGRAPH_COMPONENT,
} from './graph';
import { type GraphIssue } from './graph-issue';
import {
  type GraphConnectionJson,
  type GraphEndpointJson,
  type GraphJson,
  type GraphProcessJson,
  type GraphProcessesJson,
  type JsonObject,
  type JsonValue,
  type LegacyExportJson,
  GraphJsonSchema,
  GraphProcessJsonSchema,
  joinPath,
} from '../../../model';
import { hasGraphJsonShape } from './graph-json-shape';
import { jsonProblem } from './json-problem';

/** A process of the array form of `processes`. */
const ProcessWithIdSchema = GraphProcessJsonSchema.extend({ id: z.string().min(1) });

/** How many graphs deep composite nodes may nest before the graph is rejected. */
const MAX_SUBGRAPH_DEPTH = 16;

/**
 * The outcome of `parseGraph`: a normalized graph, or every shape problem found with the graph as far as it could be
 * read (malformed processes left out), so that its other problems, such as unknown components, can still be named.
 */
export type ParseGraphOutcome = { ok: true; graph: Graph } | { ok: false; issues: GraphIssue[]; graph?: Graph };

/**
 * Reads an FBP JSON graph in any of its lenient forms (processes as an object or an array, connection ends as
 * `{nodeId, portId}` or `{process, port}`, initial packets as connections with `data`) into one normalized
 * `Graph`, inner graphs of composite nodes included. Only shape problems are reported here (`MALFORMED`);
 * `validateGraph` checks the graph against a catalogue.
 */
export function parseGraph(json: unknown): ParseGraphOutcome {
  const issues: GraphIssue[] = [];
  const graph = parseGraphAt(json, '', [json], issues);
  if (graph !== undefined && issues.length === 0) return { ok: true, graph };
  return graph === undefined ? { ok: false, issues } : { ok: false, issues, graph };
}

/**
 * `parseGraph` for a graph whose shape `GraphJsonSchema` has already checked (a request body the transport
 * parsed): the top level is read without being parsed again; inner graphs of composite nodes are parsed here.
 */
export function readGraph(data: GraphJson): ParseGraphOutcome {
  const issues: GraphIssue[] = [];
  const graph = readGraphAt(data, '', [data], issues);
  return issues.length === 0 ? { ok: true, graph } : { ok: false, issues, graph };
}

function parseGraphAt(json: unknown, base: string, ancestors: unknown[], issues: GraphIssue[]): Graph | undefined {
  if (hasGraphJsonShape(json)) return readGraphAt(json, base, ancestors, issues);
  const parsed = GraphJsonSchema.safeParse(json);
  if (parsed.success) return readGraphAt(parsed.data, base, ancestors, issues);
  issues.push(...parsed.error.issues.map((issue) => zodIssue(base, issue)));
  // A bad process should not hide the problems of the rest (connections, exported ports, the components of the
  // other processes): the graph is read without the malformed processes, and kept only to name those problems.
  const insideProcesses = parsed.error.issues.every((issue) => issue.path[0] === 'processes' && issue.path.length > 1);
  const processes = (json as { processes: unknown }).processes;
  const rest = insideProcesses ? GraphJsonSchema.safeParse({ ...(json as object), processes: wellFormedProcesses(processes) }) : undefined;
  return rest?.success ? readGraphAt(rest.data, base, ancestors, issues) : undefined;
}

function wellFormedProcesses(processes: unknown): unknown {
  if (Array.isArray(processes)) return processes.filter((process) => ProcessWithIdSchema.safeParse(process).success);
  return Object.fromEntries(Object.entries(processes as object).filter(([, process]) => GraphProcessJsonSchema.safeParse(process).success));
}

// Plain loops and object literals: a graph seen for the first time is read before it runs, and spreads, tuples of
// `Object.entries` and callbacks cost more here than the reading itself.
function readGraphAt(data: GraphJson, base: string, ancestors: unknown[], issues: GraphIssue[]): Graph {
  const nodes = readProcesses(data.processes, base, ancestors, issues);
  const { connections, initialPackets } = readConnections(data.connections ?? [], base, issues);
  return {
    path: base,
    caseSensitive: data.caseSensitive ?? false,
    properties: (data.properties ?? {}) as JsonObject,
    groups: (data.groups ?? []) as JsonValue[],
    nodes,
    connections,
    initialPackets,
    inports: readExportedPorts(data.inports ?? {}, 'inports', base, issues),
    outports: readExportedPorts(data.outports ?? {}, 'outports', base, issues),
    exports: readLegacyExports(data.exports ?? [], nodes, base, issues),
  };
}

function readProcesses(processes: GraphProcessesJson, base: string, ancestors: unknown[], issues: GraphIssue[]): GraphNode[] {
  const nodes: GraphNode[] = [];
  if (Array.isArray(processes)) {
    for (let i = 0; i < processes.length; i++) nodes.push(readProcess(processes[i].id, processes[i], joinPath(base, 'processes', i), ancestors, issues));
    return nodes;
  }
  const ids = Object.keys(processes);
  for (let i = 0; i < ids.length; i++) nodes.push(readProcess(ids[i], processes[ids[i]], joinPath(base, 'processes', ids[i]), ancestors, issues));
  return nodes;
}

function readProcess(id: string, process: GraphProcessJson, path: string, ancestors: unknown[], issues: GraphIssue[]): GraphNode {
  const declared = process.metadata ?? {};
  const inner = declared.graph;
  // Read as it is, as its `config` and `propertyValues` are; a composite node's without its inner graph, copied
  // (a rest pattern, `{ graph, ...metadata }`, costs several times more).
  const metadata: Record<string, unknown> = 'graph' in declared ? withoutGraph(declared) : declared;
  const node: GraphNode = {
    id,
    component: process.component,
    path,
    metadata: metadata as JsonObject,
    propertyValues: (metadata.propertyValues ?? {}) as JsonObject,
    config: (metadata.config ?? {}) as JsonObject,
  };
  if (process.component !== SUBGRAPH_COMPONENT) return node;
  const innerPath = `${path}.metadata.graph`;
  if (inner === undefined || inner === null) {
    issues.push({ code: 'MALFORMED', path: innerPath, nodeId: id, message: `Node '${id}' is a subgraph but has no metadata.graph` });
    return node;
  }
  if (ancestors.includes(inner)) return { ...node, subgraphProblem: 'cycle' };
  if (ancestors.length > MAX_SUBGRAPH_DEPTH) return { ...node, subgraphProblem: 'too-deep' };
  const subgraph = parseGraphAt(inner, innerPath, [...ancestors, inner], issues);
  return subgraph === undefined ? node : { ...node, subgraph };
}

function withoutGraph(metadata: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...metadata };
  delete copy.graph;
  return copy;
}

function readConnections(
  raw: readonly GraphConnectionJson[],
  base: string,
  issues: GraphIssue[],
): { connections: GraphConnection[]; initialPackets: GraphInitialPacket[] } {
  const connections: GraphConnection[] = [];
  const initialPackets: GraphInitialPacket[] = [];
  for (let i = 0; i < raw.length; i++) {
    const connection = raw[i];
    const path = joinPath(base, 'connections', i);
    // A missing end is named in the style of the end that is there: `tgt` beside `src`, `to` beside `from`.
    const noflo = connection.from == null && connection.to == null && (connection.src != null || connection.tgt != null);
    const fromKey = noflo || (connection.from == null && connection.src != null) ? 'src' : 'from';
    const toKey = noflo || (connection.to == null && connection.tgt != null) ? 'tgt' : 'to';
    const from = readEndpoint(connection.from ?? connection.src, `${path}.${fromKey}`);
    const to = readEndpoint(connection.to ?? connection.tgt, `${path}.${toKey}`);
    if (to === undefined) {
      issues.push({
        code: 'MALFORMED',
        path: `${path}.${toKey}`,
        message: `Connection ${i} needs a target: '${toKey}' as {nodeId, portId} or {process, port}`,
      });
    } else if (from !== undefined) {
      connections.push({ from, to, path });
    } else if (connection.data !== undefined) {
      const problem = jsonProblem(connection.data);
      if (problem === undefined) initialPackets.push({ data: connection.data as JsonValue, to, path });
      else issues.push({ code: 'MALFORMED', path: `${path}.data`, message: `Initial packet of connection ${i} is ${problem}, not JSON` });
    } else {
      issues.push({
        code: 'MALFORMED',
        path: `${path}.${fromKey}`,
        message: `Connection ${i} needs a source: '${fromKey}' as {nodeId, portId} or {process, port}, or 'data' for an initial packet`,
      });
    }
  }
  return { connections, initialPackets };
}

function readExportedPorts(raw: Record<string, GraphEndpointJson>, side: 'inports' | 'outports', base: string, issues: GraphIssue[]): GraphExportedPort[] {
  const ports: GraphExportedPort[] = [];
  for (const [name, value] of Object.entries(raw)) {
    const path = joinPath(base, side, name);
    const target = readEndpoint(value, path);
    if (target === undefined) {
      const noun = side === 'inports' ? 'inport' : 'outport';
      issues.push({ code: 'MALFORMED', path, message: `Exported ${noun} '${name}' needs {process, port} or {nodeId, portId}` });
    } else ports.push(withGroups({ name, target, path }, value.metadata));
  }
  return ports;
}

/** An exported port with the groups its `metadata.groups` lists, when it lists some. */
function withGroups(port: GraphExportedPort, metadata: unknown): GraphExportedPort {
  const groups = typeof metadata === 'object' && metadata !== null ? (metadata as { groups?: unknown }).groups : undefined;
  return Array.isArray(groups) && groups.length > 0 && jsonProblem(groups) === undefined ? { ...port, groups: groups as JsonValue[] } : port;
}

/**
 * Reads NoFlo's legacy `exports` as NoFlo did: `private` is `node.port`, its node id matched ignoring case. Which side
 * each is on is left to validation, which knows the node's ports.
 */
function readLegacyExports(raw: readonly LegacyExportJson[], nodes: readonly GraphNode[], base: string, issues: GraphIssue[]): GraphExportedPort[] {
  const ports: GraphExportedPort[] = [];
  raw.forEach((exported, i) => {
    const path = joinPath(base, 'exports', i);
    const parts = exported.private.split('.');
    if (parts.length !== 2 || parts[0] === '' || parts[1] === '') {
      issues.push({
        code: 'MALFORMED',
        path: `${path}.private`,
        message: `Legacy export '${exported.public}' names '${exported.private}'; it needs 'node.port'`,
      });
      return;
    }
    const [written, portId] = parts;
    const nodeId = nodes.find((node) => node.id === written)?.id ?? nodes.find((node) => node.id.toLowerCase() === written.toLowerCase())?.id ?? written;
    ports.push({ name: exported.public, target: { nodeId, portId, path, nodeKey: 'private', portKey: 'private' }, path });
  });
  return ports;
}

function readEndpoint(raw: GraphEndpointJson | null | undefined, path: string): GraphEndpoint | undefined {
  if (raw === undefined || raw === null) return undefined;
  const nodeId = raw.nodeId ?? raw.process;
  const portId = raw.portId ?? raw.port;
  if (nodeId === undefined || portId === undefined) return undefined;
  const end = { nodeId, portId, path, nodeKey: raw.nodeId !== undefined ? 'nodeId' : 'process', portKey: raw.portId !== undefined ? 'portId' : 'port' };
  // Whether the port takes an index is the actor's to say: validation checks it.
  return raw.index === undefined || raw.index === null ? end : { ...end, index: raw.index };
}

function zodIssue(base: string, issue: ZodIssue): GraphIssue {
  const path = joinPath(base, ...issue.path);
  const where = path === '' ? 'The graph' : `'${path}'`;
  const message = issue.code === 'invalid_type' && issue.received === 'undefined' ? 'is required' : issue.message;
  return { code: 'MALFORMED', path, message: `${where}: ${message}` };
}
