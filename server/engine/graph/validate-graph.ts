import { type AnyActorDefinition } from '../sdk/actor-definition';
import { type Catalogue } from '../sdk/catalogue';
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
import { type JsonObject, type RetryPolicy } from '../../../model';
import { type NodePorts, portsOfBoundary, portsOfDefinition } from '../runtime/node-ports';
import { type NodeConfig, compositeNodeConfig, settleNodeConfig } from './node-config';
import { type ValidGraph, type ValidNode } from './valid-graph';
import { nodeLabel } from './node-label';
import { nodeRetry } from './node-retry';
import { unknownComponentIssue } from './unknown-components';

/** What validation needs besides the graph: the run's input and the network's default actor configuration. */
export interface ValidateGraphOptions {
  /** The execution input; decides which inports the whole-input fallback feeds, and which input keys are unknown. */
  input?: JsonObject;
  /** The network's default actor configuration: every node starts from it, its `propertyValues` and `config` winning per key. */
  defaultActorConfig?: JsonObject;
}

/** The outcome of `validateGraph`: a runnable graph, or every issue found at once. */
export type ValidateGraphOutcome = { ok: true; graph: ValidGraph } | { ok: false; issues: GraphIssue[] };

interface Level {
  readonly catalogue: Catalogue;
  readonly options: ValidateGraphOptions;
  readonly issues: GraphIssue[];
  readonly idPrefix: string;
  readonly isRoot: boolean;
}

interface NodeEntry {
  readonly node: GraphNode;
  readonly qualifiedId: string;
  readonly ports?: NodePorts;
}

/**
 * Checks a parsed graph against a catalogue and returns every issue at once, each naming its node and
 * port: unknown components, nodes and ports (direction included), duplicate node ids, invalid
 * configurations, port indexes on ports that are not addressable, unknown input keys, required inports
 * nothing feeds on a node wired to something (an exported inport the input leaves out feeds nothing), and the same inside every composite node's inner graph
 * (paths prefixed), subgraph cycles included. NoFlo's legacy `exports` become exported inports or outports by
 * the side their port is on, and each node names its component by its catalogue id.
 */
export function validateGraph(graph: Graph, catalogue: Catalogue, options: ValidateGraphOptions = {}): ValidateGraphOutcome {
  const issues: GraphIssue[] = [];
  const valid = validateLevel(graph, { catalogue, options, issues, idPrefix: '', isRoot: true });
  return issues.length === 0 ? { ok: true, graph: valid } : { ok: false, issues };
}

function validateLevel(graph: Graph, level: Level): ValidGraph {
  const entries = new Map<string, NodeEntry>();
  const nodes: ValidNode[] = [];
  const graphInputs: string[] = [];
  const graphOutputs: string[] = [];
  // Which ports are fed is asked only of the required ones: with none, it is not collected at all.
  let requiresFeeding = false;
  for (const node of graph.nodes) {
    const qualifiedId = level.idPrefix + node.id;
    if (entries.has(node.id)) {
      level.issues.push({
        code: 'DUPLICATE_NODE',
        path: node.path,
        nodeId: qualifiedId,
        message: `Node '${nodeLabel(qualifiedId, node.metadata)}' is defined more than once`,
      });
      continue;
    }
    const checked = checkNode(node, qualifiedId, level, graphInputs, graphOutputs);
    entries.set(node.id, { node, qualifiedId, ports: checked.ports });
    if (checked.ports !== undefined && checked.ports.required.length > 0) requiresFeeding = true;
    // A node left out had an issue, so the graph is refused anyway.
    if (checked.node !== undefined) nodes.push(checked.node);
  }
  const resolve = (end: GraphEndpoint, side: 'in' | 'out', what: string): GraphEndpoint | undefined =>
    resolveEndpoint(end, side, what, entries, graph.caseSensitive, level);
  // Plain loops: a graph seen for the first time is validated before it runs, and this is most of it. Every end
  // that resolved to an inport feeds it, whatever is wrong with the other end (an unknown node or component there
  // is an issue of its own, not a reason to call this port unfed). What resolved unchanged is kept as read.
  const connections: GraphConnection[] = [];
  const fed = requiresFeeding ? new Set<string>() : undefined;
  for (let i = 0; i < graph.connections.length; i++) {
    const connection = graph.connections[i];
    const what = `Connection ${i}`;
    const from = resolve(connection.from, 'out', what);
    const to = resolve(connection.to, 'in', what);
    if (to !== undefined) fed?.add(portKey(to));
    if (from === undefined || to === undefined) continue;
    connections.push(from === connection.from && to === connection.to ? connection : { from, to, path: connection.path });
  }
  const initialPackets: GraphInitialPacket[] = [];
  for (const packet of graph.initialPackets) {
    const to = resolve(packet.to, 'in', 'An initial packet');
    if (to === undefined) continue;
    initialPackets.push(to === packet.to ? packet : { data: packet.data, to, path: packet.path });
    fed?.add(portKey(to));
  }
  const legacy = sortLegacyExports(graph, entries, level);
  const exportedIn = legacy.inports.length === 0 ? graph.inports : [...graph.inports, ...legacy.inports];
  const exportedOut = legacy.outports.length === 0 ? graph.outports : [...graph.outports, ...legacy.outports];
  const inports: GraphExportedPort[] = [];
  // The run's input is all an exported inport of the top level ever sends: one the input leaves out feeds nothing.
  const input = level.options.input;
  const givesInput = (name: string) => !level.isRoot || input === undefined || Object.hasOwn(input, name);
  const awaitingInput = new Map<string, string[]>();
  for (const port of exportedIn) {
    const target = resolve(port.target, 'in', `Exported inport '${port.name}'`);
    if (target === undefined) continue;
    inports.push(target === port.target ? port : { ...port, target });
    if (fed === undefined) continue;
    const key = portKey(target);
    if (givesInput(port.name)) fed.add(key);
    else awaitingInput.set(key, [...(awaitingInput.get(key) ?? []), port.name]);
  }
  const outports: GraphExportedPort[] = [];
  for (const port of exportedOut) {
    const target = resolve(port.target, 'out', `Exported outport '${port.name}'`);
    if (target !== undefined) outports.push(target === port.target ? port : { name: port.name, target, path: port.path });
  }
  const boundary = { inports: boundaryNames(exportedIn, graphInputs), outports: boundaryNames(exportedOut, graphOutputs) };
  // A legacy export without a known side (its node, component or port unknown) still names an input of the graph.
  if (level.isRoot) checkInputKeys(legacy.unsorted.length === 0 ? boundary.inports : [...new Set([...boundary.inports, ...legacy.unsorted])], level);
  const wholeInputFallback = level.isRoot && boundary.inports.length === 0 && input !== undefined && Object.keys(input).length > 0;
  if (!wholeInputFallback && fed !== undefined) checkRequiredPortsFed(entries, { fed, awaitingInput }, wiredNodes(graph), level);
  const { path, caseSensitive, properties, groups } = graph;
  return { path, caseSensitive, properties, groups, nodes, connections, initialPackets, inports, outports, exports: [], boundary } as unknown as ValidGraph;
}

/** NoFlo's legacy exports sorted by side. */
interface LegacyExports {
  readonly inports: readonly GraphExportedPort[];
  readonly outports: readonly GraphExportedPort[];
  readonly unsorted: readonly string[];
}

/** What a graph without legacy exports has (most graphs): shared, never changed. */
const NO_LEGACY_EXPORTS: LegacyExports = { inports: [], outports: [], unsorted: [] };

/**
 * Sorts NoFlo's legacy exports into exported inports and outports by the side of the node their port is on, as
 * NoFlo did; one whose node or port is unknown gets its issue here, since it has no side to be resolved on, and
 * is left unsorted with those of nodes whose component is unknown.
 */
function sortLegacyExports(graph: Graph, entries: ReadonlyMap<string, NodeEntry>, level: Level): LegacyExports {
  if (graph.exports.length === 0) return NO_LEGACY_EXPORTS;
  const sorted = { inports: [] as GraphExportedPort[], outports: [] as GraphExportedPort[], unsorted: [] as string[] };
  for (const exported of graph.exports) {
    const { nodeId, portId, path } = exported.target;
    const entry = entries.get(nodeId);
    if (entry === undefined) {
      const qualified = level.idPrefix + nodeId;
      level.issues.push({
        code: 'UNKNOWN_NODE',
        path: `${path}.private`,
        nodeId: qualified,
        message: `Legacy export '${exported.name}' refers to node '${qualified}', which the graph does not have`,
      });
      sorted.unsorted.push(exported.name);
      continue;
    }
    if (entry.ports === undefined) sorted.unsorted.push(exported.name);
    else if (entry.ports.inports.find(portId, graph.caseSensitive) !== undefined) sorted.inports.push(exported);
    else if (entry.ports.outports.find(portId, graph.caseSensitive) !== undefined) sorted.outports.push(exported);
    else {
      sorted.unsorted.push(exported.name);
      const known = [...entry.ports.inports.ids(), ...entry.ports.outports.ids()];
      level.issues.push({
        code: 'UNKNOWN_PORT',
        path: `${path}.private`,
        nodeId: entry.qualifiedId,
        portId,
        message: `Legacy export '${exported.name}': port '${portId}' not found on node '${nodeLabel(entry.qualifiedId, entry.node.metadata)}' (its ports: ${known.length === 0 ? 'none' : known.join(', ')})`,
      });
    }
  }
  return sorted;
}

/**
 * The ids of the nodes something is wired to: a connection at either end, an initial packet or an exported port.
 * Plain loops: spreading mapped arrays into the set cost as much as the rest of validating a small graph.
 */
function wiredNodes(graph: Graph): Set<string> {
  const wired = new Set<string>();
  for (const connection of graph.connections) wired.add(connection.from.nodeId).add(connection.to.nodeId);
  for (const packet of graph.initialPackets) wired.add(packet.to.nodeId);
  for (const ports of [graph.inports, graph.outports, graph.exports]) for (const port of ports) wired.add(port.target.nodeId);
  return wired;
}

function checkNode(node: GraphNode, qualifiedId: string, level: Level, graphInputs: string[], graphOutputs: string[]): { node?: ValidNode; ports?: NodePorts } {
  const { subgraph, subgraphProblem } = node;
  if (node.component === SUBGRAPH_COMPONENT) {
    const retry = nodeRetry(node, qualifiedId, level.issues) || undefined;
    const plain = validNode(node, node.component, compositeNodeConfig(level.options.defaultActorConfig, node.propertyValues, node.config), retry);
    const path = `${node.path}.metadata.graph`;
    if (subgraphProblem === 'cycle') {
      level.issues.push({
        code: 'SUBGRAPH_CYCLE',
        path,
        nodeId: qualifiedId,
        message: `Node '${nodeLabel(qualifiedId, node.metadata)}' contains a graph that encloses it (a subgraph cycle)`,
      });
    } else if (subgraphProblem === 'too-deep') {
      level.issues.push({
        code: 'SUBGRAPH_TOO_DEEP',
        path,
        nodeId: qualifiedId,
        message: `Node '${nodeLabel(qualifiedId, node.metadata)}' nests subgraphs too deeply`,
      });
    }
    if (subgraph === undefined) return { node: plain };
    const inner = validateLevel(subgraph, { ...level, idPrefix: `${qualifiedId}/`, isRoot: false });
    return { node: { ...plain, subgraph: inner }, ports: portsOfBoundary(inner.boundary) };
  }
  const definition = level.catalogue.get(node.component);
  if (definition === undefined) {
    level.issues.push(unknownComponentIssue(node, qualifiedId));
    return {};
  }
  const ports = portsOfDefinition(definition);
  const nodeConfig = checkConfig(node, qualifiedId, definition, level);
  const retry = nodeRetry(node, qualifiedId, level.issues);
  if (nodeConfig === undefined || retry === false) return { ports };
  if (definition.graphPort !== undefined) {
    const name = boundaryPortName(definition, nodeConfig.parsed);
    (definition.graphPort.direction === 'in' ? graphInputs : graphOutputs).push(name);
  }
  // A name NoFlo resolves without its library (`Output` for `core/Output`) runs as the component it names.
  return { node: validNode(node, definition.id, nodeConfig, retry), ports };
}

/** The node as it runs, without its inner graph as read (object literals: a rest pattern copies much slower). */
function validNode(node: GraphNode, component: string, nodeConfig: NodeConfig, retry: RetryPolicy | undefined): ValidNode {
  const { id, path, metadata, propertyValues, config } = node;
  return retry === undefined
    ? { id, component, path, metadata, propertyValues, config, nodeConfig }
    : { id, component, path, metadata, propertyValues, config, nodeConfig, retry };
}

/** The node's configuration merged and parsed, or undefined after an issue for each problem. */
function checkConfig(node: GraphNode, qualifiedId: string, definition: AnyActorDefinition, level: Level): NodeConfig | undefined {
  const outcome = settleNodeConfig(definition, level.options.defaultActorConfig, node.propertyValues, node.config);
  if (outcome.ok) return outcome.config;
  for (const problem of outcome.problems) {
    const path = problem.key === '' ? `${node.path}.metadata.config` : `${node.path}.metadata.config.${problem.key}`;
    level.issues.push({ code: 'INVALID_CONFIG', path, nodeId: qualifiedId, message: `Node '${nodeLabel(qualifiedId, node.metadata)}': ${problem.message}` });
  }
  return undefined;
}

/** The name of the enclosing graph's port that a graph-input or graph-output node stands for. */
function boundaryPortName(definition: AnyActorDefinition, config: unknown): string {
  const graphPort = definition.graphPort;
  if (graphPort === undefined) return '';
  const value = typeof config === 'object' && config !== null ? (config as Record<string, unknown>)[graphPort.nameKey] : undefined;
  return typeof value === 'string' && value !== '' ? value : graphPort.defaultName;
}

function resolveEndpoint(
  end: GraphEndpoint,
  side: 'in' | 'out',
  what: string,
  entries: ReadonlyMap<string, NodeEntry>,
  caseSensitive: boolean,
  level: Level,
): GraphEndpoint | undefined {
  const entry = entries.get(end.nodeId);
  if (entry === undefined) {
    const nodeId = level.idPrefix + end.nodeId;
    level.issues.push({
      code: 'UNKNOWN_NODE',
      path: `${end.path}.${end.nodeKey}`,
      nodeId,
      message: `${what} refers to node '${nodeId}', which the graph does not have`,
    });
    return undefined;
  }
  if (entry.ports === undefined) return undefined;
  const wanted = side === 'in' ? entry.ports.inports : entry.ports.outports;
  const portId = wanted.find(end.portId, caseSensitive);
  if (portId !== undefined) {
    const addressable = side === 'in' ? entry.ports.addressable.in : entry.ports.addressable.out;
    if (end.index !== undefined && !addressable.includes(portId)) {
      const label = nodeLabel(entry.qualifiedId, entry.node.metadata);
      const message = `${what} names slot ${end.index} of port '${portId}' (${portId}[${end.index}]), but port '${portId}' of node '${label}' (${entry.node.component}) is not addressable; connect to '${portId}' without an index`;
      level.issues.push({ code: 'PORT_INDEX', path: `${end.path}.index`, nodeId: entry.qualifiedId, portId, message });
    }
    // Still resolved when its index is refused: the port is fed all the same. An end that already names the
    // declared id is kept as it is: both graphs are read-only, and a graph seen for the first time makes no copy.
    if (portId === end.portId) return end;
    const { nodeId, path, nodeKey, portKey, index } = end;
    return index === undefined ? { nodeId, portId, path, nodeKey, portKey } : { nodeId, portId, path, nodeKey, portKey, index };
  }
  const other = side === 'in' ? entry.ports.outports : entry.ports.inports;
  const path = `${end.path}.${end.portKey}`;
  const base = { path, nodeId: entry.qualifiedId, portId: end.portId };
  if (other.find(end.portId, caseSensitive) !== undefined) {
    const [is, needs] = side === 'in' ? ['an output', 'an input'] : ['an input', 'an output'];
    level.issues.push({
      ...base,
      code: 'WRONG_PORT_DIRECTION',
      message: `Port '${end.portId}' of node '${nodeLabel(entry.qualifiedId, entry.node.metadata)}' is ${is} port; ${what} needs ${needs} port there`,
    });
  } else {
    const known = wanted.ids();
    const list = known.length === 0 ? 'none' : known.join(', ');
    level.issues.push({
      ...base,
      code: 'UNKNOWN_PORT',
      message: `Port '${end.portId}' not found on node '${nodeLabel(entry.qualifiedId, entry.node.metadata)}' (its ${side === 'in' ? 'input' : 'output'} ports: ${list})`,
    });
  }
  return undefined;
}

function checkInputKeys(inputNames: readonly string[], level: Level): void {
  const input = level.options.input;
  if (input === undefined || inputNames.length === 0) return;
  for (const key of Object.keys(input)) {
    if (inputNames.includes(key)) continue;
    level.issues.push({
      code: 'UNKNOWN_INPUT',
      path: `input.${key}`,
      message: `Input '${key}' names no input of the graph (its inputs: ${inputNames.join(', ')})`,
    });
  }
}

/** The inports fed by something, and those only exported inports the run's input leaves out would feed (the inports' names). */
interface PortFeeds {
  readonly fed: ReadonlySet<string>;
  readonly awaitingInput: ReadonlyMap<string, readonly string[]>;
}

/**
 * Reports the required inports nothing feeds, on nodes that are wired to something; one fed only by exported
 * inports that the input leaves out is reported as that missing input. A node wired to nothing at all
 * (the lone node of a graph drawn in an editor) is no mistake of wiring: as in NoFlo, the run starts, the node never
 * fires, and the run ends.
 */
function checkRequiredPortsFed(entries: ReadonlyMap<string, NodeEntry>, feeds: PortFeeds, wired: ReadonlySet<string>, level: Level): void {
  for (const { node, qualifiedId, ports } of entries.values()) {
    if (!wired.has(node.id)) continue;
    for (const portId of ports?.required ?? []) {
      const key = portKey({ nodeId: node.id, portId });
      if (feeds.fed.has(key)) continue;
      const inportNames = feeds.awaitingInput.get(key);
      if (inportNames !== undefined) {
        const [name] = inportNames;
        level.issues.push({
          code: 'UNFED_REQUIRED_PORT',
          path: `input.${name}`,
          nodeId: qualifiedId,
          portId,
          message: `Input '${name}' is missing: the exported inport '${name}' is all that feeds required port '${portId}' of node '${nodeLabel(qualifiedId, node.metadata)}', so the node could never fire`,
        });
        continue;
      }
      level.issues.push({
        code: 'UNFED_REQUIRED_PORT',
        path: node.path,
        nodeId: qualifiedId,
        portId,
        message: `Node '${nodeLabel(qualifiedId, node.metadata)}': required port '${portId}' is fed by nothing (no connection, initial packet, exported inport or input), so the node could never fire`,
      });
    }
  }
}

function portKey(end: { readonly nodeId: string; readonly portId: string }): string {
  return `${end.nodeId}\u0000${end.portId}`;
}

/** The exported ports' names, then the graph-input or graph-output nodes' names, each once. */
function boundaryNames(exported: readonly GraphExportedPort[], nodeNames: readonly string[]): string[] {
  if (exported.length + nodeNames.length > 16) return [...new Set([...exported.map((port) => port.name), ...nodeNames])];
  const names: string[] = [];
  for (const port of exported) if (!names.includes(port.name)) names.push(port.name);
  for (const name of nodeNames) if (!names.includes(name)) names.push(name);
  return names;
}
