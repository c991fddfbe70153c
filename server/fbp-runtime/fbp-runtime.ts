import { randomUUID } from 'node:crypto';
import { type Catalogue } from '../engine';
import { AppError } from '../errors';
import { type ExecutionService } from '../executions';
import { type Logger, silentLogger } from '../logger';
import { type JsonObject, MAX_JSON_DEPTH, jsonDepthExceeds } from '../../model';
import { componentMessages } from './component-list';
import { GraphByteBudget } from './graph-byte-budget';
import { GraphCommandError } from './graph-command-error';
import { NetworkRuns } from './network-runs';
import { type GraphChange, ProtocolGraph, type ProtocolGraphLimits } from './protocol-graph';
import { graphFromDocument } from './protocol-graph-document';
import { MemoryProtocolGraphStore, type ProtocolGraphStore } from '../storage';
import { type ClientMessage, ClientMessageSchema, type FbpMessage, PayloadReader } from './protocol-message';

/** The protocol version this runtime speaks. */
const FBP_PROTOCOL_VERSION = '0.7';

const CAPABILITIES = ['protocol:runtime', 'protocol:graph', 'protocol:network', 'protocol:component', 'network:status', 'network:data', 'network:control'];

/** Options of an {@link FbpRuntime}. */
export interface FbpRuntimeOptions {
  executions: ExecutionService;
  catalogue: Catalogue;
  /** How big one graph may grow. */
  graphLimits: ProtocolGraphLimits;
  /** Graphs kept at once; `clear` of a new graph beyond it is refused. @default 100 */
  maxGraphs?: number;
  /** Bytes all graphs may hold together, metadata and initial packets included; a change beyond it is refused. @default 64 MiB */
  maxGraphBytes?: number;
  /** The runtime's label in `runtime:runtime`. @default 'Workflow execution service' */
  label?: string;
  /** Where the graphs clients build are kept, read once as the runtime starts. @default a MemoryProtocolGraphStore */
  graphs?: ProtocolGraphStore;
  logger?: Logger;
}

/** What one connected client may do: hand in its messages, and leave. */
export interface FbpClient {
  /** Handles one message of the client (any JSON: a bad one is answered with an error). */
  receive(message: unknown): Promise<void>;
  /** The client is gone: it receives nothing more. */
  close(): void;
}

/** How a client is told apart: whether a message's secret lets it act. */
export interface FbpClientOptions {
  /** Whether messages must carry a valid secret; when not, every message may act and `checkSecret` is not asked. */
  secretRequired: boolean;
  /** Answers why a message's secret is refused, or undefined when it is accepted (a wrong one counts against the client). */
  checkSecret(secret: string | undefined): string | undefined;
  /** Told each time a message's secret was accepted: the client has shown that it may act. */
  onAuthorised?(): void;
}

type Send = (message: FbpMessage) => void;

/**
 * An FBP Network Protocol runtime (protocol 0.7) over this service's engine. Graphs are built with the graph
 * subprotocol and shared by every client; they are held in memory and each change is put in a ProtocolGraphStore,
 * read again when a runtime starts, so that a durable store brings them back after a restart. `network:start`
 * runs one as an execution (source `fbp-protocol`, so it shows in `GET /workflows` and replays like any other)
 * and streams its packets as `network:data` to every client. The component subprotocol lists the catalogue.
 * Transport-free: a WebSocket adapter feeds it.
 */
export class FbpRuntime {
  private readonly id = randomUUID();
  private readonly graphs = new Map<string, ProtocolGraph>();
  private readonly store: ProtocolGraphStore;
  private readonly networks: NetworkRuns;
  private readonly clients = new Set<Send>();
  private mainGraph: string | undefined;
  private readonly logger: Logger;
  private readonly graphBytes: GraphByteBudget;

  constructor(private readonly options: FbpRuntimeOptions) {
    this.logger = options.logger ?? silentLogger;
    this.store = options.graphs ?? new MemoryProtocolGraphStore();
    this.graphBytes = new GraphByteBudget(options.maxGraphBytes ?? 64 * 1024 * 1024);
    this.loadGraphs();
    this.networks = new NetworkRuns(options.executions, (command, payload) => this.broadcast(command, payload));
  }

  /** Whether a network runs now: every client is sent its packets. */
  get networkRunning(): boolean {
    return this.networks.anyRunning;
  }

  /** Connects a client: `send` receives its replies, and every network event once the client may act. */
  connect(send: Send, client: FbpClientOptions): FbpClient {
    // Network messages carry the graphs' packets: only clients that may act are sent them.
    if (!client.secretRequired) this.clients.add(send);
    return {
      receive: async (raw) => {
        // Nesting is checked first: a graph holding a value too deep to serialise could never run or be sent.
        if (jsonDepthExceeds(raw)) return send(error(protocolOf(raw), `A message may nest at most ${MAX_JSON_DEPTH} levels`));
        const parsed = ClientMessageSchema.safeParse(raw);
        if (!parsed.success) return send(error('runtime', 'A message is {protocol, command, payload}'));
        const message = parsed.data;
        const secret = message.secret ?? (typeof message.payload?.secret === 'string' ? message.payload.secret : undefined);
        const getRuntime = message.protocol === 'runtime' && message.command === 'getruntime';
        // Asking what the runtime is without a secret guesses nothing, so it is not counted as a wrong secret.
        const refusal = !client.secretRequired ? undefined : getRuntime && secret === undefined ? 'no secret' : client.checkSecret(secret);
        if (refusal === undefined && client.secretRequired) {
          this.clients.add(send);
          client.onAuthorised?.();
        }
        // As NoFlo does, a client without a valid secret learns what the runtime is and that it may do nothing.
        if (getRuntime) return this.describe(send, refusal === undefined);
        if (refusal !== undefined) return send(error(message.protocol, refusal));
        try {
          await this.handle(message, send);
        } catch (caught) {
          if (caught instanceof GraphCommandError || caught instanceof AppError) return send(error(message.protocol, caught.message, message.payload?.graph));
          this.logger.error({ err: caught, protocol: message.protocol, command: message.command }, 'An FBP protocol command failed');
          send(error(message.protocol, 'The command failed inside the runtime'));
        }
      },
      close: () => {
        this.clients.delete(send);
      },
    };
  }

  private async handle(message: ClientMessage, send: Send): Promise<void> {
    const payload = { ...(message.payload ?? {}) };
    delete payload.secret;
    switch (message.protocol) {
      case 'runtime':
        throw new GraphCommandError(`runtime:${message.command} is not supported`);
      case 'graph':
        return this.graphCommand(message.command, new PayloadReader(payload, `graph:${message.command}`), send);
      case 'network':
        return this.networkCommand(message.command, new PayloadReader(payload, `network:${message.command}`), send);
      case 'component':
        if (message.command !== 'list') throw new GraphCommandError(`component:${message.command} is not supported`);
        for (const component of componentMessages(this.options.catalogue)) send(component);
        return;
      default:
        throw new GraphCommandError(`Unknown protocol '${message.protocol}'`);
    }
  }

  // The answer to `runtime:getruntime`; a client that may not act is given no capabilities and no graph.
  private describe(send: Send, authorised: boolean): void {
    const payload: JsonObject = {
      id: this.id,
      type: 'workflow-execution-service',
      version: FBP_PROTOCOL_VERSION,
      label: this.options.label ?? 'Workflow execution service',
      capabilities: authorised ? CAPABILITIES : [],
      allCapabilities: CAPABILITIES,
    };
    if (authorised && this.mainGraph !== undefined) payload.graph = this.mainGraph;
    send({ protocol: 'runtime', command: 'runtime', payload });
  }

  private graphCommand(command: string, read: PayloadReader, send: Send): void {
    if (command === 'clear') return this.clear(read, send);
    const graphId = read.optionalText('graph');
    if (graphId === undefined) throw new GraphCommandError('No graph specified');
    const graph = this.graphs.get(graphId);
    if (graph === undefined) throw new GraphCommandError('Requested graph not found');
    const changes = this.applyGraphCommand(graph, command, read);
    this.store.put(graphId, graph.toDocument());
    for (const change of changes) send({ protocol: 'graph', command: change.command, payload: change.payload });
  }

  private applyGraphCommand(graph: ProtocolGraph, command: string, read: PayloadReader): GraphChange[] {
    switch (command) {
      case 'addnode': {
        const component = read.text('component');
        if (!this.options.catalogue.has(component)) throw new GraphCommandError(`Component '${component}' is not in the catalogue`);
        return graph.addNode(read.text('id'), component, read.object('metadata'));
      }
      case 'removenode':
        return graph.removeNode(read.text('id'));
      case 'renamenode':
        return graph.renameNode(read.text('from'), read.text('to'));
      case 'changenode':
        return graph.changeNode(read.text('id'), read.object('metadata'));
      case 'addedge':
        return graph.addEdge(read.port('src'), read.port('tgt'), read.object('metadata'));
      case 'removeedge':
        return graph.removeEdge(read.port('src'), read.port('tgt'));
      case 'changeedge':
        return graph.changeEdge(read.port('src'), read.port('tgt'), read.object('metadata'));
      case 'addinitial': {
        const src = read.object('src');
        if (!('data' in src)) throw new GraphCommandError("graph:addinitial needs 'src' as {data}");
        return graph.addInitial(src.data, read.port('tgt'), read.object('metadata'));
      }
      case 'removeinitial':
        return graph.removeInitial(read.port('tgt'));
      case 'addinport':
      case 'addoutport': {
        const metadata = read.value('metadata') === undefined ? undefined : read.object('metadata');
        return graph.addExported(command === 'addinport' ? 'inport' : 'outport', read.text('public'), { node: read.text('node'), port: read.text('port'), metadata });
      }
      case 'removeinport':
      case 'removeoutport':
        return graph.removeExported(command === 'removeinport' ? 'inport' : 'outport', read.text('public'));
      case 'renameinport':
      case 'renameoutport':
        return graph.renameExported(command === 'renameinport' ? 'inport' : 'outport', read.text('from'), read.text('to'));
      default:
        throw new GraphCommandError(`graph:${command} is not supported`);
    }
  }

  private clear(read: PayloadReader, send: Send): void {
    const id = read.text('id');
    if (!this.graphs.has(id) && this.graphs.size >= (this.options.maxGraphs ?? 100)) throw new GraphCommandError(`The runtime holds ${this.options.maxGraphs ?? 100} graphs, the most it may`);
    const ack: JsonObject = { id };
    for (const key of ['name', 'library', 'icon', 'description']) {
      const value = read.optionalText(key);
      if (value !== undefined) ack[key] = value;
    }
    const main = read.value('main');
    if (typeof main === 'boolean') ack.main = main;
    const graph = new ProtocolGraph(id, ack.name === undefined ? {} : { name: ack.name }, this.options.graphLimits, this.graphBytes);
    // The new graph replaces one of the same id: the budget is asked only for the difference.
    this.graphBytes.change(graph.bytes - (this.graphs.get(id)?.bytes ?? 0));
    this.graphs.set(id, graph);
    this.store.put(id, graph.toDocument());
    if (main === true || this.mainGraph === undefined) this.mainGraph = id;
    send({ protocol: 'graph', command: 'clear', payload: ack });
  }

  // The graphs kept from before the start, counted against the limits as if built again; one beyond them (the
  // limits were lowered meanwhile) is left out, and replaced in the store when a client clears its id.
  private loadGraphs(): void {
    for (const [id, document] of this.store.documents()) {
      try {
        this.graphs.set(id, graphFromDocument(document, this.options.graphLimits, this.graphBytes));
      } catch (caught) {
        if (!(caught instanceof GraphCommandError)) throw caught;
        this.logger.warn({ graph: id, reason: caught.message }, 'An FBP protocol graph kept from before the start was left out');
      }
    }
  }

  private async networkCommand(command: string, read: PayloadReader, send: Send): Promise<void> {
    const graphId = read.optionalText('graph');
    if (graphId === undefined) throw new GraphCommandError('No graph specified');
    const graph = this.graphs.get(graphId);
    if (graph === undefined) throw new GraphCommandError('Requested graph not found');
    switch (command) {
      case 'start':
        return this.networks.start(graph);
      case 'stop':
        return this.networks.stop(graphId);
      case 'getstatus':
        return send({ protocol: 'network', command: 'status', payload: this.networks.status(graphId) });
      case 'edges':
        return send({ protocol: 'network', command: 'edges', payload: { graph: graphId, edges: Array.isArray(read.value('edges')) ? (read.value('edges') as JsonObject[]) : [] } });
      default:
        throw new GraphCommandError(`network:${command} is not supported`);
    }
  }

  private broadcast(command: string, payload: JsonObject): void {
    for (const send of this.clients) send({ protocol: 'network', command, payload });
  }
}

// The protocol a message names, for its error answer, when it names one that can be trusted as such.
function protocolOf(raw: unknown): string {
  const protocol = typeof raw === 'object' && raw !== null ? (raw as { protocol?: unknown }).protocol : undefined;
  return typeof protocol === 'string' && /^[a-z]{1,64}$/.test(protocol) ? protocol : 'runtime';
}

function error(protocol: string, message: string, graph?: unknown): FbpMessage {
  return { protocol, command: 'error', payload: protocol === 'network' && typeof graph === 'string' ? { message, graph } : { message } };
}
