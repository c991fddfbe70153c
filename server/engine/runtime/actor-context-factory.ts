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
  private readonly info: { readonly id: string; readonly component: string };

  constructor(
    private readonly id: string,
    component: string,
    private readonly net: NetworkRuntime,
    private readonly timers: NodeTimers,
    private readonly node: ContextNode,
  ) {
    this.info = { id, component };
  }

  /** The context of one firing. */
  create(inputs: Record<string, JsonValue>, config: unknown, state: unknown): FiringContext {
    return {
      node: this.info,
      execution: this.net.env.execution,
      config,
      inputs,
      state,
      signal: this.net.signal,
      send: this.send,
      isConnected: this.isConnected,
      setTimeout: this.timers.setTimeout,
      setInterval: this.timers.setInterval,
      graphInput: this.graphInput,
      graphOutput: this.graphOutput,
      stream: this.stream,
      log: this.log,
      resources: this.net.env.resources,
      secret: this.net.env.secret,
    };
  }

  private readonly send = (portId: string, value: JsonValue): Promise<void> => {
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

  private readonly isConnected = (portId: string): boolean => {
    const out = this.node.outport(portId);
    return out !== undefined ? out.connected : (this.node.inport(portId)?.fed ?? false);
  };

  private readonly graphInput = (name: string) => this.net.graphInput(name);

  private readonly graphOutput = (name: string, value: JsonValue): Promise<void> => {
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

  private readonly stream = (portId: string, piece: JsonValue): void => {
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

  private readonly log = (message: string, fields?: JsonObject): void => {
    this.net.log(this.id, this.info.component, message, fields);
  };
}
