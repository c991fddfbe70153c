import { randomUUID } from 'node:crypto';
import { type Catalogue, GraphComponents } from '../engine';
import { AppError } from '../errors';
import { type ExecutionService } from '../executions';
import { type Logger, silentLogger } from '../logger';
import { DEFAULT_FBP_RUNTIME_TYPE, type JsonObject, type JsonValue, MAX_JSON_DEPTH, jsonDepthExceeds } from '../../model';
import { MemoryProtocolGraphStore, type ProtocolGraphStore } from '../storage';
import { componentCommand } from './component-protocol';
import { GraphByteBudget } from './graph-byte-budget';
import { GraphCommandError } from './graph-command-error';
import { graphCommand } from './graph-protocol';
import { type GraphSpace } from './graph-space';
import { GraphSpaces } from './graph-spaces';
import { networkCommand } from './network-protocol';
import { type ProtocolGraphLimits } from './protocol-graph';
import { type ClientMessage, ClientMessageSchema, type FbpMessage, PayloadReader } from './protocol-message';
import { type Send, portsPayload } from './runtime-context';

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

/** The capabilities of a client that may watch but change nothing. */
const WATCHING_CAPABILITIES = ['protocol:runtime', 'protocol:component', 'network:status', 'component:getsource'];

/** The commands that only read what the runtime holds or choose what the asking client is sent. */
const WATCHING_COMMANDS: ReadonlySet<string> = new Set([
  'runtime:getruntime',
  'network:getstatus',
  'network:edges',
  'network:debug',
  'component:list',
  'component:getsource',
]);

const OTHER_TENANT_SECRET = "The secret is of another tenant than this connection's first secret: connect again to act for that tenant";

const PACKET_EVENTS: ReadonlySet<string> = new Set(['connect', 'begingroup', 'data', 'endgroup', 'disconnect']);

/** Options of an {@link FbpRuntime}. */
export interface FbpRuntimeOptions {
  executions: ExecutionService;
  catalogue: Catalogue;
  /** How big one graph may grow. */
  graphLimits: ProtocolGraphLimits;
  /**
   * Graphs each tenant (and the clients of no tenant) keeps at once; `clear` of a new graph beyond it lets go of
   * the tenant's least recently changed idle graph. @default 100
   */
  maxGraphs?: number;
  /** Bytes the graphs of every tenant may hold together, metadata and initial packets included; a change beyond it is refused. @default 64 MiB */
  maxGraphBytes?: number;
  /** The runtime's label in `runtime:runtime`. @default 'Workflow execution service' */
  label?: string;
  /** Where the graphs clients build are kept, read once as the runtime starts. @default a MemoryProtocolGraphStore */
  graphs?: ProtocolGraphStore;
  /** Where graphs that are components are registered, each with its tenant, for the execution service to expand. @default a registry of its own */
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
  /** Whether a network of the client's tenant runs now: its packets are sent to the client. */
  readonly networkRunning: boolean;
  /** The client is gone: it receives nothing more. */
  close(): void;
}

/**
 * What a message's secret lets its client do: nothing (a wrong or missing secret), watch graphs and networks
 * without changing them, or everything; `reason` is the error a refused message is answered with, `tenant` the
 * tenant of the secret (absent: none), whose graphs alone the client works on.
 */
export type SecretCheck =
  | { readonly allows: 'nothing'; readonly reason: string }
  | { readonly allows: 'watching'; readonly reason: string; readonly tenant?: string }
  | { readonly allows: 'everything'; readonly tenant?: string };

/** How a client is told apart: whether a message's secret lets it act. */
export interface FbpClientOptions {
  /** Whether messages must carry a valid secret; when not, every message may act and `checkSecret` is not asked. */
  secretRequired: boolean;
  /** What a message's secret allows (a wrong one counts against the client). */
  checkSecret(secret: string | undefined): SecretCheck;
  /** Told each time a message's secret was accepted: the client has shown that it may act. */
  onAuthorised?(): void;
}

/**
 * An FBP Network Protocol runtime (protocol 0.7) over this service's engine. Graphs are built with the graph
 * subprotocol and shared by the clients of one tenant: each tenant (and the clients of no tenant) has its own
 * graph ids, networks and components (see {@link GraphSpace}), and a client works within the tenant of the first
 * secret it showed. Graphs are held in memory and each change is put in a ProtocolGraphStore,
 * read again when a runtime starts, so that a durable store brings them back after a restart. A graph that is not
 * the main graph is also a component other graphs (and HTTP requests) may use. `network:start` runs one as an
 * execution (source `fbp-protocol`, so it shows in `GET /workflows` and replays like any other) and streams its
 * packets as `network:data` to every client of its tenant; `runtime:packet` feeds its exported inports and sends back what
 * leaves its exported outports. The component subprotocol lists the catalogue and the graph components.
 * Transport-free: a WebSocket adapter feeds it.
 */
export class FbpRuntime {
  private readonly id: string;
  private readonly spaces: GraphSpaces;
  private readonly logger: Logger;

  constructor(private readonly options: FbpRuntimeOptions) {
    this.id = options.id ?? randomUUID();
    this.logger = options.logger ?? silentLogger;
    const store: ProtocolGraphStore = options.graphs ?? new MemoryProtocolGraphStore();
    const catalogue: Catalogue = options.catalogue;
    this.spaces = new GraphSpaces({
      executions: options.executions,
      catalogue,
      store,
      limits: options.graphLimits,
      maxGraphs: options.maxGraphs ?? 100,
      budget: new GraphByteBudget(options.maxGraphBytes ?? 64 * 1024 * 1024),
      components: options.components ?? new GraphComponents(),
      logger: this.logger,
    });
  }

  /**
   * Connects a client: `send` receives its replies, and every network event of its tenant once the client may act.
   * Without secrets every client works on the graphs of no tenant.
   */
  connect(send: Send, client: FbpClientOptions): FbpClient {
    // Network messages carry the graphs' packets: only clients that may act are sent them, those of their tenant.
    let space: GraphSpace | undefined = client.secretRequired ? undefined : this.spaces.of(undefined);
    space?.join(send);
    return {
      get networkRunning() {
        return space?.networks.anyRunning ?? false;
      },
      receive: async (raw) => {
        // Nesting is checked first: a graph holding a value too deep to serialise could never run or be sent.
        if (jsonDepthExceeds(raw)) return send(error(protocolOf(raw), `A message may nest at most ${MAX_JSON_DEPTH} levels`));
        const parsed = ClientMessageSchema.safeParse(raw);
        if (!parsed.success) return send(error('runtime', 'A message is {protocol, command, payload}'));
        const message = parsed.data;
        const secret = message.secret ?? (typeof message.payload?.secret === 'string' ? message.payload.secret : undefined);
        const getRuntime = message.protocol === 'runtime' && message.command === 'getruntime';
        // Asking what the runtime is without a secret guesses nothing, so it is not counted as a wrong secret.
        const check: SecretCheck = !client.secretRequired
          ? { allows: 'everything' }
          : getRuntime && secret === undefined
            ? { allows: 'nothing', reason: 'no secret' }
            : client.checkSecret(secret);
        if (check.allows !== 'nothing' && client.secretRequired) {
          // A client stays within the tenant of its first secret: its graphs and the packets it is sent are that tenant's.
          if (space === undefined) {
            space = this.spaces.of(check.tenant);
            space.join(send);
          } else if (space.tenant !== check.tenant) {
            return send(error(message.protocol, OTHER_TENANT_SECRET));
          }
          client.onAuthorised?.();
        }
        // As NoFlo does, a client without a valid secret learns what the runtime is and that it may do nothing.
        if (getRuntime) return this.describe(send, check.allows, space);
        if (check.allows === 'nothing') return send(error(message.protocol, check.reason));
        // Unreachable: a client that may act has joined its tenant's space above, or was given it at connection.
        if (space === undefined) throw new Error('An FBP client that may act has no graph space');
        if (check.allows === 'watching' && !WATCHING_COMMANDS.has(`${message.protocol}:${message.command}`)) {
          return send(error(message.protocol, check.reason, message.payload?.graph));
        }
        try {
          await this.handle(space, message, send);
        } catch (caught) {
          if (caught instanceof GraphCommandError || caught instanceof AppError) return send(error(message.protocol, caught.message, message.payload?.graph));
          this.logger.error({ err: caught, protocol: message.protocol, command: message.command }, 'An FBP protocol command failed');
          send(error(message.protocol, 'The command failed inside the runtime'));
        }
      },
      close: () => {
        space?.leave(send);
      },
    };
  }

  private async handle(space: GraphSpace, message: ClientMessage, send: Send): Promise<void> {
    const payload = { ...(message.payload ?? {}) };
    delete payload.secret;
    const read = new PayloadReader(payload, `${message.protocol}:${message.command}`);
    switch (message.protocol) {
      case 'runtime':
        if (message.command !== 'packet') throw new GraphCommandError(`runtime:${message.command} is not supported`);
        return this.packet(space, read, send);
      case 'graph':
        return graphCommand(space.context, message.command, read, send);
      case 'network':
        return networkCommand(space.context, message.command, read, send);
      case 'component':
        return componentCommand(space.context, message.command, read, send);
      default:
        throw new GraphCommandError(`Unknown protocol '${message.protocol}'`);
    }
  }

  // The answer to `runtime:getruntime`, then the main graph of the client's tenant and its ports; a client that may
  // not act is given no capabilities and no graph.
  private describe(send: Send, allows: SecretCheck['allows'], space: GraphSpace | undefined): void {
    const authorised = allows !== 'nothing';
    const payload: JsonObject = {
      id: this.id,
      type: this.options.type ?? DEFAULT_FBP_RUNTIME_TYPE,
      version: FBP_PROTOCOL_VERSION,
      label: this.options.label ?? 'Workflow execution service',
      capabilities: allows === 'everything' ? CAPABILITIES : authorised ? WATCHING_CAPABILITIES : [],
      allCapabilities: CAPABILITIES,
    };
    const graphs = authorised ? space?.graphs : undefined;
    const main = graphs?.mainGraph === undefined ? undefined : graphs.get(graphs.mainGraph);
    if (main !== undefined) payload.graph = main.id;
    send({ protocol: 'runtime', command: 'runtime', payload });
    if (main !== undefined && space !== undefined) send({ protocol: 'runtime', command: 'ports', payload: portsPayload(space.context, main) });
  }

  // `runtime:packet`: a data packet feeds an exported inport of the graph (its network starts if it is not
  // running), within the groups `begingroup` opened there and no `endgroup` closed yet; `connect` and `disconnect`
  // are acknowledged and change nothing, as NoFlo ignores them.
  private async packet(space: GraphSpace, read: PayloadReader, send: Send): Promise<void> {
    const graph = space.graphs.require(read.optionalText('graph'));
    const port = read.text('port');
    const event = read.text('event');
    if (!PACKET_EVENTS.has(event)) throw new GraphCommandError(`runtime:packet needs 'event' as one of ${[...PACKET_EVENTS].join(', ')}`);
    const data = read.value('payload') as JsonValue | undefined;
    if (event === 'data') await space.networks.packet(graph, port, data ?? null);
    else if (event === 'begingroup' || event === 'endgroup') space.networks.bracket(graph, port, event, data ?? null);
    else if (!graph.exportedPorts('inport').some((exported) => exported.name === port))
      throw new GraphCommandError(`Graph '${graph.id}' has no exported inport '${port}'`);
    send({ protocol: 'runtime', command: 'packetsent', payload: { port, event, graph: graph.id, ...(data === undefined ? {} : { payload: data }) } });
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
