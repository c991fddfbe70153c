import { randomUUID } from 'node:crypto';
import { type EngineEvent } from '../engine';
import { EventFollower, type ExecutionService } from '../executions';
import { type JsonObject } from '../../model';
import { GraphCommandError } from './graph-command-error';
import { type ProtocolGraph, type ProtocolPort } from './protocol-graph';

/** The execution source of runs started over the protocol. */
const FBP_PROTOCOL_SOURCE = 'fbp-protocol';

interface NetworkRun {
  executionId: string;
  startedAt: number;
  running: boolean;
  started: boolean;
  stopRequested: boolean;
  stopFollowing: () => void;
}

/**
 * The networks of a runtime's graphs: each start runs a graph as an execution (source `fbp-protocol`), whose
 * packets, log lines, failures and end are broadcast to every client as `network` messages.
 */
export class NetworkRuns {
  private readonly networks = new Map<string, NetworkRun>();
  private readonly starting = new Set<string>();

  constructor(
    private readonly executions: ExecutionService,
    private readonly broadcast: (command: string, payload: JsonObject) => void,
  ) {}

  /** Whether a network runs or is starting now. */
  get anyRunning(): boolean {
    return this.starting.size > 0 || [...this.networks.values()].some((run) => run.running);
  }

  /** Runs a graph as an execution; refused while its network runs. */
  async start(graph: ProtocolGraph): Promise<void> {
    if (this.networks.get(graph.id)?.running || this.starting.has(graph.id)) throw new GraphCommandError(`The network of graph '${graph.id}' is already running`);
    const metadata = { execution_id: randomUUID(), workflow_id: graph.id, source: FBP_PROTOCOL_SOURCE };
    // A run may write its first lines before the start returns: they are held until `started` has gone out.
    let heldLines: string[] | undefined = [];
    const unwatchLogs = this.executions.watchLogs(metadata.execution_id, (entry) => {
      if (heldLines !== undefined) heldLines.push(entry.message);
      else this.broadcast('output', { message: entry.message, type: 'message' });
    });
    let execution;
    this.starting.add(graph.id);
    try {
      ({ execution } = await this.executions.startDurably({ graph_json: graph.toGraphJson(), input: {}, metadata }, { source: FBP_PROTOCOL_SOURCE }));
    } catch (error) {
      unwatchLogs();
      throw error;
    } finally {
      this.starting.delete(graph.id);
    }
    const run: NetworkRun = { executionId: execution.id, startedAt: Date.now(), running: true, started: true, stopRequested: false, stopFollowing: () => undefined };
    this.networks.set(graph.id, run);
    this.broadcast('started', { graph: graph.id, time: new Date(run.startedAt).toISOString(), started: true, running: true });
    for (const message of heldLines) this.broadcast('output', { message, type: 'message' });
    heldLines = undefined;
    for (const initial of graph.initialPackets()) {
      this.broadcast('data', { id: `DATA -> ${initial.tgt.port.toUpperCase()} ${initial.tgt.node}()`, graph: graph.id, tgt: portJson(initial.tgt), data: initial.data as JsonObject });
    }
    const follower = new EventFollower(this.executions, execution.id, {
      deliver: (events) => {
        for (const event of events) this.forward(graph, run, event);
        return 'continue';
      },
      onComplete: () => unwatchLogs(),
    });
    run.stopFollowing = () => {
      follower.stop();
      unwatchLogs();
    };
  }

  private forward(graph: ProtocolGraph, run: NetworkRun, event: EngineEvent): void {
    switch (event._type) {
      case 'MessageSent': {
        const edge = graph.findEdge(event.fromActor, event.fromPort, event.toActor, event.toPort) ?? {
          src: { node: event.fromActor, port: event.fromPort },
          tgt: { node: event.toActor, port: event.toPort },
        };
        const id = `${edge.src.node}() ${edge.src.port.toUpperCase()} -> ${edge.tgt.port.toUpperCase()} ${edge.tgt.node}()`;
        return this.broadcast('data', { id, graph: graph.id, src: portJson(edge.src), tgt: portJson(edge.tgt), data: event.message });
      }
      case 'ActorFailed':
        return this.broadcast('processerror', { id: event.actorId, error: event.error, graph: graph.id });
      case 'Failed':
        this.broadcast('error', { message: event.error, graph: graph.id });
        break;
      case 'Completed':
      case 'Cancelled':
        break;
      default:
        return;
    }
    run.running = false;
    if (!run.stopRequested) this.broadcast('stopped', { graph: graph.id, time: new Date().toISOString(), uptime: uptime(run), running: false, started: run.started });
  }

  /** Cancels the run of a graph, if one runs, and tells every client its network stopped. */
  async stop(graphId: string): Promise<void> {
    const run = this.networks.get(graphId);
    if (run !== undefined) {
      run.stopRequested = true;
      if (run.running) await this.executions.cancel(run.executionId).catch(() => undefined);
      run.running = false;
      run.started = false;
      run.stopFollowing();
    }
    this.broadcast('stopped', { graph: graphId, time: new Date().toISOString(), uptime: run === undefined ? 0 : uptime(run), running: false, started: false });
  }

  /** The `network:status` payload of a graph. */
  status(graphId: string): JsonObject {
    const run = this.networks.get(graphId);
    if (run === undefined) return { graph: graphId, running: false, started: false };
    return run.running ? { graph: graphId, running: true, started: run.started, uptime: uptime(run) } : { graph: graphId, running: false, started: run.started };
  }
}

function portJson(port: ProtocolPort): JsonObject {
  return port.index === undefined ? { node: port.node, port: port.port } : { node: port.node, port: port.port, index: port.index };
}

function uptime(run: NetworkRun): number {
  return (Date.now() - run.startedAt) / 1000;
}
