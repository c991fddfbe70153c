import { type ActorContext } from '../sdk/actor-definition';
import { type RecordedSend } from './firing-journal';
import { type InPort } from './in-port';
import { jsonProblem } from '../graph/json-problem';
import { type JsonPacket, JsonText } from '../sdk/json-text';
import { type JsonValue } from '../../../model';
import { type NetworkRuntime } from './network-runtime';
import { type NodeTimers } from './node-timers';
import { type OutPort } from './out-port';
import { type Grouping } from '../sdk/grouping';
import { RESOLVED } from './promises';

/** The context a firing sees, with its type parameters erased. */
export type FiringContext = ActorContext<unknown, string, string, unknown>;

/** The context functions few actors use: made once per node, at the first firing that reads one of them. */
type RareFunctions = Pick<FiringContext, 'isConnected' | 'setTimeout' | 'setInterval' | 'graphInput' | 'graphOutput' | 'stream' | 'log'>;

/** What the context functions need from the node they belong to. */
export interface ContextNode {
  findOutport(portId: string): OutPort | undefined;
  findInport(portId: string): InPort | undefined;
  /** Reports an actor error of the node (a bad send is one). */
  fail(error: unknown): void;
  /** Where the sends of a journaled firing under way are recorded, in order; undefined when none is. */
  readonly recording: RecordedSend[] | undefined;
  /** The grouping the node's latest firing's sends inherit (see `ActorContext.send`); undefined when none. */
  readonly firingGrouping: Grouping | undefined;
}

/**
 * Builds the context of each firing of one node. The functions it hands out (`send`, `graphOutput`, ...) are
 * made once per node, so a firing allocates only the context object and its inputs. None of them throws: a
 * send on an unknown port or of a non-JSON value is reported as an actor error of the node, because actors
 * may call them from callbacks where a throw would escape every handler.
 */
export class ActorContextFactory {
  readonly info: { readonly id: string; readonly component: string };

  constructor(
    private readonly id: string,
    component: string,
    private readonly net: NetworkRuntime,
    readonly timers: NodeTimers,
    private readonly node: ContextNode,
  ) {
    this.info = { id, component };
  }

  /** The context of one firing. */
  create(inputs: Record<string, JsonValue>, groupings: Record<string, Grouping> | undefined, config: unknown, state: unknown): FiringContext {
    return new Firing(this, this.net, inputs, groupings, config, state);
  }

  readonly send = (portId: string, value: JsonPacket, grouping?: Grouping): Promise<void> => {
    if (!this.net.running) return RESOLVED;
    const port = this.node.findOutport(portId);
    if (port === undefined) {
      this.node.fail(new Error(`Node '${this.id}' has no output port '${portId}'`));
      return RESOLVED;
    }
    // A JsonText carries text its actor checked; only other values are walked.
    const problem = value instanceof JsonText ? undefined : jsonProblem(value);
    if (problem !== undefined) {
      this.node.fail(new Error(`Node '${this.id}' sent ${problem} on port '${portId}'; packets must be JSON`));
      return RESOLVED;
    }
    if (this.node.recording !== undefined)
      this.node.recording.push(grouping === undefined ? { port: portId, packet: value } : { port: portId, packet: value, grouping });
    const wait = port.send(value, grouping ?? this.node.firingGrouping);
    return wait !== RESOLVED ? wait : (this.net.env.scheduler.pace() ?? RESOLVED);
  };

  readonly stopped = (): boolean => !this.net.running;

  private rare: RareFunctions | undefined;

  /** `isConnected`, the timers, `graphInput`, `graphOutput`, `stream` and `log`, bound to this node. */
  get rareFunctions(): RareFunctions {
    return (this.rare ??= {
      isConnected: (portId) => this.isConnected(portId),
      setTimeout: (callback, ms) => this.timers.setTimeout(callback, ms),
      setInterval: (callback, ms) => this.timers.setInterval(callback, ms),
      graphInput: (name) => this.net.graphInput(name),
      graphOutput: (name, value) => this.graphOutput(name, value),
      stream: (portId, piece) => this.stream(portId, piece),
      log: (message, fields) => this.net.log(this.id, this.info.component, message, fields),
    });
  }

  private isConnected(portId: string): boolean {
    const out = this.node.findOutport(portId);
    return out !== undefined ? out.connected : (this.node.findInport(portId)?.fed ?? false);
  }

  private graphOutput(name: string, value: JsonValue): Promise<void> {
    if (!this.net.running) return RESOLVED;
    // A JsonText carries text its actor checked; only other values are walked.
    const problem = value instanceof JsonText ? undefined : jsonProblem(value);
    if (problem !== undefined) {
      this.node.fail(new Error(`Node '${this.id}' sent ${problem} as graph output '${name}'; outputs must be JSON`));
      return RESOLVED;
    }
    this.node.recording?.push({ output: name, packet: value });
    return this.net.exportOutput(name, value, this.node.firingGrouping);
  }

  /** Pieces streamed so far, by port: the next piece's index. Made at the first piece. */
  private streamed: Map<string, number> | undefined;

  private stream(portId: string, piece: JsonValue): void {
    const events = this.net.env.events;
    if (!this.net.running) return;
    if (this.node.findOutport(portId) === undefined) {
      this.node.fail(new Error(`Node '${this.id}' has no output port '${portId}'`));
      return;
    }
    const problem = jsonProblem(piece);
    if (problem !== undefined) {
      this.node.fail(new Error(`Node '${this.id}' streamed ${problem} on port '${portId}'; pieces must be JSON`));
      return;
    }
    const streamed = (this.streamed ??= new Map());
    const index = streamed.get(portId) ?? 0;
    streamed.set(portId, index + 1);
    events?.streamChunk(this.id, this.info.component, portId, index, piece);
  }
}

/**
 * The context of one firing: the node's functions, made once per node, and this firing's values. `signal` is
 * read from the network only when an actor asks for it, so a run whose actors never do makes no AbortController;
 * the functions few actors use are read from the node the same way.
 */
class Firing implements FiringContext {
  readonly node: FiringContext['node'];
  readonly execution: FiringContext['execution'];
  readonly send: FiringContext['send'];
  readonly stopped: FiringContext['stopped'];
  readonly resources: FiringContext['resources'];
  readonly secret: FiringContext['secret'];
  readonly #factory: ActorContextFactory;
  readonly #net: NetworkRuntime;

  constructor(
    factory: ActorContextFactory,
    net: NetworkRuntime,
    readonly inputs: Record<string, JsonValue>,
    readonly groupings: Record<string, Grouping> | undefined,
    readonly config: unknown,
    readonly state: unknown,
  ) {
    this.#factory = factory;
    this.#net = net;
    this.node = factory.info;
    this.execution = net.env.execution;
    this.send = factory.send;
    this.stopped = factory.stopped;
    this.resources = net.env.resources;
    this.secret = net.env.secret;
  }

  get signal(): AbortSignal {
    return this.#net.signal;
  }

  get isConnected(): FiringContext['isConnected'] {
    return this.#factory.rareFunctions.isConnected;
  }

  get setTimeout(): FiringContext['setTimeout'] {
    return this.#factory.rareFunctions.setTimeout;
  }

  get setInterval(): FiringContext['setInterval'] {
    return this.#factory.rareFunctions.setInterval;
  }

  get graphInput(): FiringContext['graphInput'] {
    return this.#factory.rareFunctions.graphInput;
  }

  get graphOutput(): FiringContext['graphOutput'] {
    return this.#factory.rareFunctions.graphOutput;
  }

  get stream(): FiringContext['stream'] {
    return this.#factory.rareFunctions.stream;
  }

  get log(): FiringContext['log'] {
    return this.#factory.rareFunctions.log;
  }
}
