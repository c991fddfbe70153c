import { type AnyActorDefinition } from '../sdk/actor-definition';
import { type InPort } from './in-port';
import { type JsonObject, type JsonValue } from '../../../model';
import { type NetworkRuntime } from './network-runtime';
import { NodeRunner } from './node-runner';
import { type ValidGraph, type ValidNode } from '../graph/valid-graph';
import { type Grouping } from '../sdk/grouping';

/** A packet delivered when the run starts: an initial packet or a value of the input, with its groups if it has some. */
interface StartPacket {
  readonly port: InPort;
  readonly packet: JsonValue;
  readonly grouping?: Grouping;
}

/** The wired nodes of one network and what they receive when it starts. */
export interface Wiring {
  readonly runners: readonly NodeRunner[];
  /** Runners by node id (without the subgraph prefix). */
  readonly byId: ReadonlyMap<string, NodeRunner>;
  readonly startPackets: readonly StartPacket[];
}

/** How a network wires its graph. */
export interface WiringOptions {
  /** Prefix of node paths (`sub/` inside a composite node), `''` at top level. */
  readonly idPrefix: string;
  readonly input: JsonObject;
  /** Top level: the whole-input fallback and the collection of unconnected outputs apply. */
  readonly root: boolean;
  /** The actor of each node. */
  readonly definitionOf: (node: ValidNode) => AnyActorDefinition;
}

/**
 * Builds one runner per node and wires connections (fan-out and fan-in), initial packets, exported ports,
 * the input (per exported inport, or the whole object on every otherwise unfed port of a top-level graph
 * with no exported inports) and, for a top-level graph without exported outports, the collection of the
 * last packet of every unconnected output port.
 */
export function wireNetwork(graph: ValidGraph, net: NetworkRuntime, options: WiringOptions): Wiring {
  const byId = new Map<string, NodeRunner>();
  const runners: NodeRunner[] = [];
  for (const node of graph.nodes) {
    const runner = new NodeRunner(options.idPrefix + node.id, node, options.definitionOf(node), net);
    byId.set(node.id, runner);
    runners.push(runner);
  }
  const runnerOf = (nodeId: string): NodeRunner => {
    const runner = byId.get(nodeId);
    if (runner === undefined) throw new Error(`Node '${nodeId}' is not in the graph`);
    return runner;
  };
  const startPackets: StartPacket[] = [];
  for (const { from, to } of graph.connections) {
    const target = runnerOf(to.nodeId);
    const port = target.inport(to.portId);
    runnerOf(from.nodeId).outport(from.portId).connect(port, target.id);
    port.fed = true;
  }
  for (const { to, data } of graph.initialPackets) {
    const port = runnerOf(to.nodeId).inport(to.portId);
    port.fed = true;
    startPackets.push({ port, packet: data });
  }
  for (const { name, target, groups } of graph.inports) {
    const port = runnerOf(target.nodeId).inport(target.portId);
    port.fed = true;
    if (!Object.hasOwn(options.input, name)) continue;
    // The input is the one packet of its stream: its groups close after it.
    const grouping = groups === undefined ? undefined : { groups, closing: groups.length };
    startPackets.push({ port, packet: options.input[name], grouping });
  }
  // A graph with no input of its own (no exported inport, no graph-input node) takes the whole input on every unfed port.
  if (options.root && graph.boundary.inports.length === 0 && hasKeys(options.input)) {
    for (const port of runners.flatMap((runner) => runner.allInports())) {
      if (port.fed) continue;
      port.fed = true;
      startPackets.push({ port, packet: options.input });
    }
  }
  for (const { name, target } of graph.outports) runnerOf(target.nodeId).outport(target.portId).exportAs(name);
  if (options.root && graph.outports.length === 0) {
    for (const runner of runners) {
      for (const port of runner.allOutports()) if (!port.hasTargets) port.collectAs(`${runner.id}.${port.id}`);
    }
  }
  for (const runner of runners) runner.seal();
  return { runners, byId, startPackets };
}

function hasKeys(value: JsonObject): boolean {
  for (const key in value) if (Object.hasOwn(value, key)) return true;
  return false;
}
