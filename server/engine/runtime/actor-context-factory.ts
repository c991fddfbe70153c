import { type ActorContext } from '../sdk/actor-definition';
import { type InPort } from './in-port';
import { jsonProblem } from '../graph/json-problem';
import { type JsonObject, type JsonValue } from '../../../model';
import { type NetworkRuntime } from './network-runtime';
import { type NodeTimers } from './node-timers';
import { type OutPort } from './out-port';
import { RESOLVED } from './promises';

/** The context a firing sees, with its type parameters erased. */
export type FiringContext = ActorContext<unknown, string, string, unknown>;

/** What the context functions need from the node they belong to. */
export interface ContextNode {
  outport(portId: string): OutPort | undefined;
  inport(portId: string): InPort | undefined;
  /** Reports an actor error of the node (a bad send is one). */
  fail(error: unknown): void;
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
  create(inputs: Record<string, JsonValue>, config: unknown, state: unknown): FiringContext {
    return new Firing(this, this.net, inputs, config, state);
  }

  readonly send = (portId: string, value: JsonValue): Promise<void> => {
    if (!this.net.running) return RESOLVED;
    const port = this.node.outport(portId);
    if (port === undefined) {
      this.node.fail(new Error(`Node '${this.id}' has no output port '${portId}'`));
      return RESOLVED;
    }
    const problem = jsonProblem(value);
    if (problem !== undefined) {
      this.node.fail(new Error(`Node '${this.id}' sent ${problem} on port '${portId}'; packets must be JSON`));
      return RESOLVED;
    }
    const wait = port.send(value);
    return wait !== RESOLVED ? wait : (this.net.env.scheduler.pace() ?? RESOLVED);
  };

  readonly isConnected = (portId: string): boolean => {
    const out = this.node.outport(portId);
    return out !== undefined ? out.connected : (this.node.inport(portId)?.fed ?? false);
  };

  readonly graphInput = (name: string) => this.net.graphInput(name);

  readonly graphOutput = (name: string, value: JsonValue): Promise<void> => {
    if (!this.net.running) return RESOLVED;
    const problem = jsonProblem(value);
    if (problem !== undefined) {
      this.node.fail(new Error(`Node '${this.id}' sent ${problem} as graph output '${name}'; outputs must be JSON`));
      return RESOLVED;
    }
    return this.net.exportOutput(name, value);
  };

  /** Pieces streamed so far, by port: the next piece's index. */
  private readonly streamed = new Map<string, number>();

  readonly stream = (portId: string, piece: JsonValue): void => {
    const events = this.net.env.events;
    if (!this.net.running) return;
    if (this.node.outport(portId) === undefined) {
      this.node.fail(new Error(`Node '${this.id}' has no output port '${portId}'`));
      return;
    }
    const problem = jsonProblem(piece);
    if (problem !== undefined) {
      this.node.fail(new Error(`Node '${this.id}' streamed ${problem} on port '${portId}'; pieces must be JSON`));
      return;
    }
    const index = this.streamed.get(portId) ?? 0;
    this.streamed.set(portId, index + 1);
    events?.streamChunk(this.id, this.info.component, portId, index, piece);
  };

  readonly log = (message: string, fields?: JsonObject): void => {
    this.net.log(this.id, this.info.component, message, fields);
  };
}

/**
 * The context of one firing: the node's functions, made once per node, and this firing's values. `signal` is
 * read from the network only when an actor asks for it, so a run whose actors never do makes no AbortController.
 */
class Firing implements FiringContext {
  readonly node: FiringContext['node'];
  readonly execution: FiringContext['execution'];
  readonly send: FiringContext['send'];
  readonly isConnected: FiringContext['isConnected'];
  readonly setTimeout: FiringContext['setTimeout'];
  readonly setInterval: FiringContext['setInterval'];
  readonly graphInput: FiringContext['graphInput'];
  readonly graphOutput: FiringContext['graphOutput'];
  readonly stream: FiringContext['stream'];
  readonly log: FiringContext['log'];
  readonly resources: FiringContext['resources'];
  readonly secret: FiringContext['secret'];
  readonly #net: NetworkRuntime;

  constructor(
    factory: ActorContextFactory,
    net: NetworkRuntime,
    readonly inputs: Record<string, JsonValue>,
    readonly config: unknown,
    readonly state: unknown,
  ) {
    this.#net = net;
    this.node = factory.info;
    this.execution = net.env.execution;
    this.send = factory.send;
    this.isConnected = factory.isConnected;
    this.setTimeout = factory.timers.setTimeout;
    this.setInterval = factory.timers.setInterval;
    this.graphInput = factory.graphInput;
    this.graphOutput = factory.graphOutput;
    this.stream = factory.stream;
    this.log = factory.log;
    this.resources = net.env.resources;
    this.secret = net.env.secret;
  }

  get signal(): AbortSignal {
    return this.#net.signal;
  }
}
