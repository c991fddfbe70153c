import { randomUUID } from 'node:crypto';
import { type Catalogue, GraphComponents } from '../engine';
import { AppError } from '../errors';
import { type ExecutionService } from '../executions';
import { type Logger, silentLogger } from '../logger';
import { DEFAULT_FBP_RUNTIME_TYPE, type JsonObject, type JsonValue, MAX_JSON_DEPTH, jsonDepthExceeds } from '../../model';
import { MemoryProtocolGraphStore, type ProtocolGraphStore } from '../storage';
import { componentCommand } from './component-protocol';
import { GraphCommandError } from './graph-command-error';
import { graphCommand } from './graph-protocol';
import { NetworkRuns } from './network-runs';
import { networkCommand } from './network-protocol';
import { type ProtocolGraphLimits } from './protocol-graph';
import { ProtocolGraphs } from './protocol-graphs';
import { type ClientMessage, ClientMessageSchema, type FbpMessage, PayloadReader } from './protocol-message';
import { type RuntimeContext, type Send, portsPayload } from './runtime-context';

/** The protocol version this runtime speaks. */
const FBP_PROTOCOL_VERSION = '0.7';

/** What the runtime does, as fbp-protocol names capabilities; `component:setsource` takes graphs only. */
const CAPABILITIES = [
  'protocol:runtime',
  'protocol:graph',
  'protocol:network',
  'protocol:component',
  'network:status',
  'network:data',
  'network:control',
  'component:getsource',
  'component:setsource',
];

const PACKET_EVENTS: ReadonlySet<string> = new Set(['connect', 'begingroup', 'data', 'endgroup', 'disconnect']);

/** Options of an {@link FbpRuntime}. */
export interface FbpRuntimeOptions {
  executions: ExecutionService;
  catalogue: Catalogue;
  /** How big one graph may grow. */
  graphLimits: ProtocolGraphLimits;
  /** Graphs kept at once; `clear` of a new graph beyond it lets go of the least recently changed idle graph. @default 100 */
  maxGraphs?: number;
  /** Bytes all graphs may hold together, metadata and initial packets included; a change beyond it is refused. @default 64 MiB */
  maxGraphBytes?: number;
  /** The runtime's label in `runtime:runtime`. @default 'Workflow execution service' */
  label?: string;
  /** Where the graphs clients build are kept, read once as the runtime starts. @default a MemoryProtocolGraphStore */
  graphs?: ProtocolGraphStore;
  /** Where graphs that are components are registered, for the execution service to expand. @default a registry of its own */
  components?: GraphComponents;
  /** The runtime's id in `runtime:runtime`, a UUID. @default a new random UUID */
  id?: string;
  /** The runtime's type in `runtime:runtime`: FBP tools open a project only on a runtime of its type. @default 'noflo-nodejs' */
  type?: string;
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

/**
 * An FBP Network Protocol runtime (protocol 0.7) over this service's engine. Graphs are built with the graph
 * subprotocol and shared by every client; they are held in memory and each change is put in a ProtocolGraphStore,
 * read again when a runtime starts, so that a durable store brings them back after a restart. A graph that is not
 * the main graph is also a component other graphs (and HTTP requests) may use. `network:start` runs one as an
 * execution (source `fbp-protocol`, so it shows in `GET /workflows` and replays like any other) and streams its
 * packets as `network:data` to every client; `runtime:packet` feeds its exported inports and sends back what
 * leaves its exported outports. The component subprotocol lists the catalogue and the graph components.
 * Transport-free: a WebSocket adapter feeds it.
 */
export class FbpRuntime {
  private readonly id: string;
  private readonly context: RuntimeContext;
  private readonly networks: NetworkRuns;
  private readonly graphs: ProtocolGraphs;
  private readonly clients = new Set<Send>();
  private readonly logger: Logger;

  constructor(private readonly options: FbpRuntimeOptions) {
    this.id = options.id ?? randomUUID();
    this.logger = options.logger ?? silentLogger;
    const store: ProtocolGraphStore = options.graphs ?? new MemoryProtocolGraphStore();
    const catalogue: Catalogue = options.catalogue;
    this.graphs = new ProtocolGraphs({
      store,
      limits: options.graphLimits,
      maxGraphs: options.maxGraphs ?? 100,
      maxGraphBytes: options.maxGraphBytes ?? 64 * 1024 * 1024,
      catalogue,
      components: options.components ?? new GraphComponents(),
      running: (id) => this.networks.isRunning(id),
      logger: this.logger,
    });
    this.networks = new NetworkRuns(options.executions, catalogue, (id) => this.graphs.get(id), {
      network: (command, payload) => this.broadcast({ protocol: 'network', command, payload }),
      packet: (payload) => this.broadcast({ protocol: 'runtime', command: 'packet', payload }),
    });
    this.context = { graphs: this.graphs, networks: this.networks, catalogue, broadcast: (message, except) => this.broadcast(message, except) };
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
    const read = new PayloadReader(payload, `${message.protocol}:${message.command}`);
    switch (message.protocol) {
      case 'runtime':
        if (message.command !== 'packet') throw new GraphCommandError(`runtime:${message.command} is not supported`);
        return this.packet(read, send);
      case 'graph':
        return graphCommand(this.context, message.command, read, send);
      case 'network':
        return networkCommand(this.context, message.command, read, send);
      case 'component':
        return componentCommand(this.context, message.command, read, send);
      default:
        throw new GraphCommandError(`Unknown protocol '${message.protocol}'`);
    }
  }

  // The answer to `runtime:getruntime`, then the main graph's ports; a client that may not act is given no capabilities and no graph.
  private describe(send: Send, authorised: boolean): void {
    const payload: JsonObject = {
      id: this.id,
      type: this.options.type ?? DEFAULT_FBP_RUNTIME_TYPE,
      version: FBP_PROTOCOL_VERSION,
      label: this.options.label ?? 'Workflow execution service',
      capabilities: authorised ? CAPABILITIES : [],
      allCapabilities: CAPABILITIES,
    };
    const main = authorised && this.graphs.mainGraph !== undefined ? this.graphs.get(this.graphs.mainGraph) : undefined;
    if (main !== undefined) payload.graph = main.id;
    send({ protocol: 'runtime', command: 'runtime', payload });
    if (main !== undefined) send({ protocol: 'runtime', command: 'ports', payload: portsPayload(this.context, main) });
  }

  // `runtime:packet`: a data packet feeds an exported inport of the graph (its network starts if it is not
  // running), within the groups `begingroup` opened there and no `endgroup` closed yet; `connect` and `disconnect`
  // are acknowledged and change nothing, as NoFlo ignores them.
  private async packet(read: PayloadReader, send: Send): Promise<void> {
    const graph = this.graphs.require(read.optionalText('graph'));
    const port = read.text('port');
    const event = read.text('event');
    if (!PACKET_EVENTS.has(event)) throw new GraphCommandError(`runtime:packet needs 'event' as one of ${[...PACKET_EVENTS].join(', ')}`);
    const data = read.value('payload') as JsonValue | undefined;
    if (event === 'data') await this.networks.packet(graph, port, data ?? null);
    else if (event === 'begingroup' || event === 'endgroup') this.networks.bracket(graph, port, event, data ?? null);
    else if (!graph.exportedPorts('inport').some((exported) => exported.name === port))
      throw new GraphCommandError(`Graph '${graph.id}' has no exported inport '${port}'`);
    send({ protocol: 'runtime', command: 'packetsent', payload: { port, event, graph: graph.id, ...(data === undefined ? {} : { payload: data }) } });
  }

  private broadcast(message: FbpMessage, except?: Send): void {
    for (const send of this.clients) if (send !== except) send(message);
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
