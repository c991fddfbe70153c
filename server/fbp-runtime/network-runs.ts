import { randomUUID } from 'node:crypto';
import { type Catalogue, type EngineEvent, type InPortSpec, groupChange } from '../engine';
import { EventFollower, type ExecutionService } from '../executions';
import { type JsonObject, type JsonValue } from '../../model';
import { EdgeSelection, portJson } from './edge-selection';
import { GraphCommandError } from './graph-command-error';
import { type ProtocolGraph } from './protocol-graph';
import { graphForRun } from './graph-for-run';
import { portSpecOf } from './port-spec';

/** The execution source of runs started over the protocol. */
const FBP_PROTOCOL_SOURCE = 'fbp-protocol';

/** Where a runtime's networks send what they do: to every client that may act. */
export interface NetworkOutlet {
  network(command: string, payload: JsonObject): void;
  /** A packet that left the graph on an exported outport, as a `runtime:packet` payload. */
  packet(payload: JsonObject): void;
}

interface Run {
  executionId: string;
  stopRequested: boolean;
  stopFollowing: () => void;
  /** The groups open on each exported outport: those of the last packet sent back there. */
  outGroups: Map<string, readonly JsonValue[]>;
}

/** A packet sent to an exported inport, with the groups open there when it came. */
interface HeldPacket {
  readonly data: JsonValue;
  readonly groups: readonly JsonValue[];
}

// A network that never ran, one that runs (an execution, or a wait for packets on its exported inports), or one
// that ended: on its own (`started` stays true, as NoFlo reports it) or by a stop.
type NetworkState =
  { kind: 'idle' } | { kind: 'running'; startedAt: number; listening: boolean; run?: Run; launching: boolean } | { kind: 'ended'; started: boolean };

interface GraphNetwork {
  state: NetworkState;
  /** Packets sent to each exported inport and not yet taken by a run. */
  pending: Map<string, HeldPacket[]>;
  /**
   * The last packet taken from each exported inport bound to a control or sticky port: later runs take it again,
   * as such a port of a NoFlo component keeps its packet for every later firing while the network runs.
   */
  kept: Map<string, HeldPacket>;
  /** The groups each exported inport's begingroup opened and no endgroup closed yet, outermost first. */
  openGroups: Map<string, JsonValue[]>;
  edges: EdgeSelection;
}

/**
 * The networks of one tenant's graphs in a runtime, each run recorded as an execution of that tenant. A graph without exported inports runs once per `network:start`, as an
 * execution (source `fbp-protocol`). A graph with exported inports starts listening instead: each set of packets
 * sent to its inports with `runtime:packet` (one per inport; one bound to an optional port may be left out) runs it once more,
 * one run after the other, until `network:stop`. Packets on its exported outports go back as `runtime:packet`,
 * the others as `network:data` (see {@link EdgeSelection}).
 */
export class NetworkRuns {
  private readonly networks = new Map<string, GraphNetwork>();

  constructor(
    private readonly executions: ExecutionService,
    private readonly catalogue: Catalogue,
    private readonly graphOf: (id: string) => ProtocolGraph | undefined,
    private readonly out: NetworkOutlet,
    /** The tenant of the graphs: their runs are its executions. */
    private readonly tenant?: string,
  ) {}

  /** Whether a run is in flight or about to start: the clients' sockets are then not idle. */
  get anyRunning(): boolean {
    return [...this.networks.values()].some(({ state }) => state.kind === 'running' && (state.run !== undefined || state.launching));
  }

  /** Whether a graph's network runs or listens now. */
  isRunning(graphId: string): boolean {
    return this.networks.get(graphId)?.state.kind === 'running';
  }

  /** What clients asked to see of a graph's packets. */
  edges(graphId: string): EdgeSelection {
    return this.network(graphId).edges;
  }

  /** Starts a graph's network; refused while it runs. */
  async start(graph: ProtocolGraph): Promise<void> {
    const network = this.network(graph.id);
    if (network.state.kind === 'running') throw new GraphCommandError(`The network of graph '${graph.id}' is already running`);
    const listening = graph.exportedPorts('inport').length > 0;
    const state: NetworkState = { kind: 'running', startedAt: Date.now(), listening, launching: false };
    network.state = state;
    if (listening) return this.out.network('started', startedPayload(graph.id, state.startedAt));
    try {
      await this.launch(graph, network, {});
    } catch (error) {
      network.state = { kind: 'ended', started: false };
      throw error;
    }
  }

  /** Takes a packet for an exported inport of a graph, starting its network when it is not running. */
  async packet(graph: ProtocolGraph, port: string, data: JsonValue): Promise<void> {
    if (!graph.exportedPorts('inport').some((exported) => exported.name === port))
      throw new GraphCommandError(`Graph '${graph.id}' has no exported inport '${port}'`);
    const network = this.network(graph.id);
    // The groups open when the packet came, not when the network has started: a bracket may come meanwhile.
    const held = { data, groups: [...(network.openGroups.get(port) ?? [])] };
    if (network.state.kind !== 'running') await this.start(graph);
    if (network.state.kind === 'running') network.state.listening = true;
    network.pending.set(port, [...(network.pending.get(port) ?? []), held]);
    await this.next(graph.id);
  }

  /**
   * Opens (`begingroup`) or closes (`endgroup`, the innermost) a group on an exported inport of a graph: the data
   * packets sent there meanwhile go within it. A bracket alone starts nothing, as NoFlo sends nothing for a group
   * with no packet inside.
   */
  bracket(graph: ProtocolGraph, port: string, event: 'begingroup' | 'endgroup', group: JsonValue): void {
    if (!graph.exportedPorts('inport').some((exported) => exported.name === port))
      throw new GraphCommandError(`Graph '${graph.id}' has no exported inport '${port}'`);
    const network = this.network(graph.id);
    const open = network.openGroups.get(port) ?? [];
    if (event === 'begingroup') open.push(group);
    else open.pop();
    network.openGroups.set(port, open);
  }

  /** Stops a graph's network: its run is cancelled, its waiting packets dropped, and every client told. */
  async stop(graphId: string): Promise<void> {
    const network = this.networks.get(graphId);
    const state = network?.state;
    let uptime = 0;
    if (network !== undefined && state?.kind === 'running') {
      uptime = secondsSince(state.startedAt);
      network.state = { kind: 'ended', started: false };
      network.pending.clear();
      network.kept.clear();
      network.openGroups.clear();
      if (state.run !== undefined) {
        state.run.stopRequested = true;
        await this.executions.cancel(state.run.executionId).catch(() => undefined);
        state.run.stopFollowing();
      }
    } else if (network !== undefined) {
      network.state = { kind: 'ended', started: false };
    }
    this.out.network('stopped', { graph: graphId, time: new Date().toISOString(), uptime, running: false, started: false });
  }

  /** The `network:status` payload of a graph. */
  status(graphId: string): JsonObject {
    const state = this.networks.get(graphId)?.state ?? { kind: 'idle' };
    if (state.kind === 'running') return { graph: graphId, running: true, started: true, uptime: secondsSince(state.startedAt) };
    return { graph: graphId, running: false, started: state.kind === 'ended' && state.started };
  }

  private network(graphId: string): GraphNetwork {
    let network = this.networks.get(graphId);
    if (network === undefined) {
      network = { state: { kind: 'idle' }, pending: new Map(), kept: new Map(), openGroups: new Map(), edges: new EdgeSelection() };
      this.networks.set(graphId, network);
    }
    return network;
  }

  // Starts the next run of a listening network when none runs, a packet was sent since the last one, and every
  // exported inport bound to a required port holds a packet (or keeps one). As a NoFlo component fires once its
  // required ports have data, the run does not wait for the optional ones: it takes the packets they hold now, and
  // one sent later goes to the next run.
  private async next(graphId: string): Promise<void> {
    const network = this.networks.get(graphId);
    const graph = this.graphOf(graphId);
    if (network === undefined || graph === undefined || network.state.kind !== 'running' || network.state.run !== undefined || network.state.launching) return;
    const inports = this.inportSpecs(graph);
    const fresh = (name: string) => (network.pending.get(name)?.length ?? 0) > 0;
    if (!inports.some(({ name }) => fresh(name))) return;
    if (inports.every(({ name, spec }) => spec?.required !== true || fresh(name) || network.kept.has(name))) await this.launchHeld(graph, network);
  }

  // Runs the graph with the first packet waiting on each exported inport, and the packets kept for control and
  // sticky ports; a failed start is a network error.
  private async launchHeld(graph: ProtocolGraph, network: GraphNetwork): Promise<void> {
    if (network.state.kind !== 'running' || network.state.run !== undefined || network.state.launching) return;
    const input: JsonObject = {};
    const groups = new Map<string, readonly JsonValue[]>();
    for (const { name, spec } of this.inportSpecs(graph)) {
      const [first, ...rest] = network.pending.get(name) ?? [];
      if (first !== undefined) {
        network.pending.set(name, rest);
        if (spec?.control === true || spec?.sticky === true) network.kept.set(name, first);
      }
      const taken = first ?? network.kept.get(name);
      if (taken === undefined) continue;
      input[name] = taken.data;
      if (taken.groups.length > 0) groups.set(name, taken.groups);
    }
    try {
      await this.launch(graph, network, input, groups);
    } catch (error) {
      this.out.network('error', { message: error instanceof Error ? error.message : String(error), graph: graph.id });
    }
  }

  // Each exported inport of a graph with the declaration of the port it is bound to (none for an unknown component).
  private inportSpecs(graph: ProtocolGraph): { name: string; spec: InPortSpec | undefined }[] {
    return graph.exportedPorts('inport').map(({ name, node, port }) => ({
      name,
      spec: portSpecOf(this.catalogue.get(graph.componentOf(node) ?? ''), 'inport', port) as InPortSpec | undefined,
    }));
  }

  // Runs the graph once as an execution, with `input` on its exported inports, within `groups` on those that have some.
  private async launch(
    graph: ProtocolGraph,
    network: GraphNetwork,
    input: JsonObject,
    groups: ReadonlyMap<string, readonly JsonValue[]> = new Map(),
  ): Promise<void> {
    const state = network.state;
    if (state.kind !== 'running') return;
    const { graphJson, taps } = graphForRun(graph, this.catalogue, Object.keys(input), groups);
    const metadata = { execution_id: randomUUID(), workflow_id: graph.id, source: FBP_PROTOCOL_SOURCE };
    // A run may write its first lines before the start returns: they are held until `started` has gone out.
    let heldLines: string[] | undefined = [];
    const unwatchLogs = this.executions.watchLogs(metadata.execution_id, (entry) => {
      if (heldLines !== undefined) heldLines.push(entry.message);
      else this.out.network('output', { message: entry.message, type: 'message' });
    });
    let execution;
    state.launching = true;
    try {
      ({ execution } = await this.executions.startDurably(
        { graph_json: graphJson, input, metadata },
        { source: FBP_PROTOCOL_SOURCE, ...(this.tenant === undefined ? {} : { tenant: this.tenant }) },
      ));
    } catch (error) {
      unwatchLogs();
      throw error;
    } finally {
      state.launching = false;
    }
    // Stopped while the execution was being written: it is cancelled at once.
    if (network.state !== state) {
      unwatchLogs();
      await this.executions.cancel(execution.id).catch(() => undefined);
      return;
    }
    const run: Run = { executionId: execution.id, stopRequested: false, stopFollowing: () => undefined, outGroups: new Map() };
    state.run = run;
    if (!state.listening) this.out.network('started', startedPayload(graph.id, state.startedAt));
    for (const message of heldLines) this.out.network('output', { message, type: 'message' });
    heldLines = undefined;
    if (network.edges.showsInitials) {
      for (const initial of graph.initialPackets()) {
        this.out.network('data', {
          id: `DATA -> ${initial.tgt.port.toUpperCase()} ${initial.tgt.node}()`,
          graph: graph.id,
          tgt: portJson(initial.tgt),
          data: initial.data as JsonValue,
        });
      }
    }
    const follower = new EventFollower(this.executions, execution.id, {
      deliver: (events) => {
        for (const event of events) this.forward(graph, network, run, taps, event);
        return 'continue';
      },
      onComplete: () => unwatchLogs(),
    });
    run.stopFollowing = () => {
      follower.stop();
      unwatchLogs();
    };
  }

  // Sends a packet that left the graph on exported outport `port` back, after the endgroups and begingroups that
  // take the port from the groups of the packet before it to its own, as NoFlo's runtime sends a port's brackets.
  private sendBack(graph: ProtocolGraph, run: Run, port: string, data: JsonValue, groups: readonly JsonValue[]): void {
    this.sendBrackets(graph, port, run.outGroups.get(port) ?? [], groups);
    run.outGroups.set(port, groups);
    this.out.packet({ port, event: 'data', graph: graph.id, payload: data });
  }

  private sendBrackets(graph: ProtocolGraph, port: string, open: readonly JsonValue[], next: readonly JsonValue[]): void {
    const { closed, opened } = groupChange(open, next);
    for (const group of closed) this.out.packet({ port, event: 'endgroup', graph: graph.id, payload: group });
    for (const group of opened) this.out.packet({ port, event: 'begingroup', graph: graph.id, payload: group });
  }

  private forward(graph: ProtocolGraph, network: GraphNetwork, run: Run, taps: ReadonlyMap<string, string>, event: EngineEvent): void {
    switch (event._type) {
      case 'MessageSent': {
        const outport = taps.get(event.toActor);
        if (outport !== undefined) return this.sendBack(graph, run, outport, event.message, event.groups ?? []);
        const edge = graph.findEdge(event.fromActor, event.fromPort, event.toActor, event.toPort) ?? {
          src: { node: event.fromActor, port: event.fromPort },
          tgt: { node: event.toActor, port: event.toPort },
        };
        if (!network.edges.shows(edge.src, edge.tgt)) return;
        const id = `${edge.src.node}() ${edge.src.port.toUpperCase()} -> ${edge.tgt.port.toUpperCase()} ${edge.tgt.node}()`;
        return this.out.network('data', { id, graph: graph.id, src: portJson(edge.src), tgt: portJson(edge.tgt), data: event.message });
      }
      case 'ActorFailed':
        // A failure the node sends on its connected error port is a packet, as in NoFlo, not a process error.
        if (graph.sendsFrom(event.actorId, 'error-out')) return;
        return this.out.network('processerror', { id: event.actorId, error: event.error, graph: graph.id });
      case 'Failed':
        this.out.network('error', { message: event.error, graph: graph.id });
        break;
      case 'Completed':
      case 'Cancelled':
        break;
      default:
        return;
    }
    // The run is over: the groups still open on its outports end with it.
    for (const [port, open] of run.outGroups) this.sendBrackets(graph, port, open, []);
    run.outGroups.clear();
    const state = network.state;
    if (state.kind !== 'running' || state.run !== run) return;
    if (state.listening) {
      state.run = undefined;
      void this.next(graph.id);
      return;
    }
    network.state = { kind: 'ended', started: true };
    if (!run.stopRequested)
      this.out.network('stopped', { graph: graph.id, time: new Date().toISOString(), uptime: secondsSince(state.startedAt), running: false, started: true });
  }
}

function startedPayload(graph: string, startedAt: number): JsonObject {
  return { graph, time: new Date(startedAt).toISOString(), started: true, running: true };
}

function secondsSince(startedAt: number): number {
  return (Date.now() - startedAt) / 1000;
}
