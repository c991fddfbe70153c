import { ActorContextFactory, type ContextNode } from './actor-context-factory';
import { type AnyActorDefinition } from '../sdk/actor-definition';
import { errorMessage } from '../sdk/actor-error';
import { InPort, type InPortOwner } from './in-port';
import { RESOLVED, isThenable } from './promises';
import { type JsonObject, type JsonValue } from '../../../model';
import { type ConfigLayers, type NodeConfig, replaceConfigLayer } from '../graph/node-config';
import { type NetworkRuntime } from './network-runtime';
import { type FiringIdentity } from './network-options';
import { NodeTimers } from './node-timers';
import { FiringRule } from './firing-rule';
import { OutPort } from './out-port';
import { runPortsOf } from './node-ports';
import { configureNode } from './node-configuration';
import { type Runnable } from './scheduler';
import { type ValidNode } from '../graph/valid-graph';
import { type RecordedSend } from './firing-journal';
import { type Grouping } from '../sdk/grouping';
import { type Fire, type FiringUnderWay, INTERRUPTED_EFFECT, isJournaled, isRepeatable, outcomeOf, replayOf } from './journaled-firing';
import { retryDelay } from './retry-rule';

/** The outcome of parsing a configuration for a node. */
export type NodeConfigOutcome = { ok: true; config: unknown } | { ok: false; problems: string[] };

/**
 * Runs one node: one actor instance, its ports, its firing rule (`FiringRule`), one firing at a time in packet
 * order, and the context each firing sees. Every actor error is caught here and handed to the network.
 *
 * A node with a retry policy runs a failed firing again with the same inputs, still one firing at a time. In a run
 * with a firing journal, a node whose actor has effects asks the journal about each firing: a recorded one is
 * replayed, one interrupted by a crash runs again only when its effect is repeatable or the node retries, and a
 * live one's sends are recorded; one whose effect must not repeat starts only once its start is durable.
 */
export class NodeRunner implements Runnable, InPortOwner, ContextNode {
  /** Set while the node waits in the run queue. */
  scheduled = false;
  /** Whether the node fired at least once. */
  fired = false;
  /** Whether a firing, timer or configuration of the node failed. */
  failed = false;
  // Arrays searched by id rather than maps: a node has a few ports, and a run builds every node's afresh.
  private readonly inports: InPort[] = [];
  private readonly outports: OutPort[] = [];
  private readonly rule = new FiringRule();
  private firing = false;
  private firingFailed = false;
  /** The error of a bad send in the journaled firing under way, which its journal entry records. */
  private firingError: unknown;
  private sourcePending = false;
  private prepared = false;
  /** The configuration layers: as validation settled and parsed them, until a live update replaces them. */
  private layers: ConfigLayers | NodeConfig;
  /** The configuration the actor gets; an update replaces it and reaches the actor at its next firing. */
  private config: unknown;
  private state: unknown;
  private startedAt = 0;
  private inflight: PromiseLike<unknown> | undefined;
  private current: FiringUnderWay | undefined;
  /** The sends of the live journaled firing under way, in order; undefined when none is. */
  recording: RecordedSend[] | undefined;
  /** The grouping of the latest firing's input packets, by port; undefined when none was sent within groups. */
  private inputGroupings: Record<string, Grouping> | undefined;
  /** The grouping the latest firing's sends inherit (see `ActorContext.send`). */
  firingGrouping: Grouping | undefined;
  private readonly journaled: boolean;
  private readonly timers: NodeTimers;
  private readonly contexts: ActorContextFactory;

  constructor(
    /** The node's path: its id, prefixed by its composite nodes' ids inside a subgraph. */
    readonly id: string,
    private readonly node: ValidNode,
    private readonly definition: AnyActorDefinition,
    private readonly net: NetworkRuntime,
  ) {
    this.layers = node.nodeConfig;
    this.journaled = net.env.journal !== undefined && isJournaled(definition);
    this.timers = new NodeTimers(net, this);
    this.contexts = new ActorContextFactory(id, node.component, net, this.timers, this);
    const capacity = net.env.queueCapacity;
    const ports = runPortsOf(definition);
    for (const port of ports.inports) this.inports.push(new InPort(port.id, port.required, port.sticky, port.control, capacity, this));
    for (const portId of ports.outports) this.outports.push(new OutPort(portId, id, net.env.events, net));
  }

  /** The component the node instantiates. */
  get component(): string {
    return this.node.component;
  }

  /** An input port by declared id; throws when the actor has none (a graph that skipped validation). */
  inport(portId: string): InPort {
    const port = this.findInport(portId);
    if (port === undefined) throw new Error(`Port '${portId}' not found on node '${this.id}'`);
    return port;
  }

  /** An output port by declared id; throws when the actor has none. */
  outport(portId: string): OutPort {
    const port = this.findOutport(portId);
    if (port === undefined) throw new Error(`Port '${portId}' not found on node '${this.id}'`);
    return port;
  }

  /** An input port by declared id, or undefined. */
  findInport(portId: string): InPort | undefined {
    const ports = this.inports;
    for (let i = 0; i < ports.length; i++) if (ports[i].id === portId) return ports[i];
    return undefined;
  }

  /** An output port by declared id, or undefined. */
  findOutport(portId: string): OutPort | undefined {
    const ports = this.outports;
    for (let i = 0; i < ports.length; i++) if (ports[i].id === portId) return ports[i];
    return undefined;
  }

  /** Every input port, in declaration order. */
  allInports(): readonly InPort[] {
    return this.inports;
  }

  /** Every output port, in declaration order. */
  allOutports(): readonly OutPort[] {
    return this.outports;
  }

  /** Freezes the wiring: which ports are fed decides the firing rule and whether the node is a source. */
  seal(): void {
    this.rule.seal(this.inports);
  }

  /**
   * Whether no input port is fed and none is required: such a node fires once when the run starts. A node with a
   * required port that nothing feeds (a node wired to nothing, which validation lets through) never fires.
   */
  get isSource(): boolean {
    return this.rule.isSource && !this.inports.some((port) => port.required);
  }

  /** Settles the configuration the actor gets and builds the state; returns a problem message when either fails. */
  prepare(): string | undefined {
    const problems = this.configure(this.layers);
    if (problems !== undefined) return problems.join('; ');
    try {
      this.state = this.definition.createState?.();
    } catch (error) {
      return `createState failed: ${errorMessage(error)}`;
    }
    this.prepared = true;
    return undefined;
  }

  /** Takes a new `metadata.config` layer, merged over the same defaults and `propertyValues`; a running node sees it at its next firing. */
  reconfigure(config: JsonObject): NodeConfigOutcome {
    const problems = this.configure(replaceConfigLayer(this.layers, config));
    return problems === undefined ? { ok: true, config: this.config } : { ok: false, problems };
  }

  /** Queues the single firing of a source node. */
  startAsSource(): void {
    this.sourcePending = true;
    this.schedule();
  }

  /** Called by a port when a packet was queued, or kept by a control port. */
  packetArrived(queued: boolean): void {
    if (queued) this.rule.queue();
    if (!this.firing && !this.scheduled && this.net.running && this.canFire()) this.schedule();
  }

  /** Fires once when the firing rule allows it; called by the scheduler. */
  step(): void {
    if (this.net.running && !this.firing && this.canFire()) this.fire();
    this.net.doneWork();
  }

  /** Sends the error data on every connected `error`/`error-out` port; false when none is connected. */
  routeError(data: JsonObject): boolean {
    let routed = false;
    for (const portId of ['error', 'error-out']) {
      const port = this.findOutport(portId);
      if (port === undefined || !port.connected) continue;
      void port.send(data);
      routed = true;
    }
    return routed;
  }

  /** Stops the node's timers and lets its parked sends go on: the run is stopping. */
  halt(): void {
    this.timers.clear();
    for (const port of this.inports) port.releaseWaiters();
  }

  /** Adds the node's work still in flight to `pending`: its current async firing and async timer callbacks. */
  addInFlight(pending: PromiseLike<unknown>[]): void {
    this.timers.addInFlight(pending);
    if (this.inflight !== undefined) pending.push(this.inflight);
  }

  /** Releases the actor's resources; never throws. */
  dispose(): Promise<unknown> | undefined {
    if (!this.prepared || this.definition.dispose === undefined) return undefined;
    try {
      const result = this.definition.dispose(this.state);
      return isThenable(result) ? Promise.resolve(result).catch(() => undefined) : undefined;
    } catch {
      return undefined;
    }
  }

  /** Takes configuration layers and what the actor gets from them (see {@link configureNode}); on a problem nothing changes, and every problem is returned. */
  private configure(layers: ConfigLayers | NodeConfig): string[] | undefined {
    const outcome = configureNode(layers, this.definition, this.id, this.net.env.resolveConfig);
    if (!outcome.ok) return outcome.problems;
    this.layers = outcome.layers;
    this.config = outcome.config;
    return undefined;
  }

  private canFire(): boolean {
    return this.sourcePending || this.rule.allows();
  }

  private schedule(): void {
    this.net.addWork();
    this.net.env.scheduler.schedule(this);
  }

  private fire(): void {
    this.firing = true;
    this.sourcePending = false;
    this.fired = true;
    const inputs = this.rule.take();
    this.inputGroupings = this.rule.takenGroupings;
    this.firingGrouping = this.rule.firingGrouping;
    if (this.journaled) return this.fireJournaled(inputs);
    if (this.node.retry !== undefined) this.current = { inputs, fire: this.definition.fire, attempt: 1, replay: false };
    this.attempt(inputs, this.definition.fire);
  }

  /** Fires a journaled node as its journal says: replayed, refused after a crash, or live and recorded. */
  private fireJournaled(inputs: Record<string, JsonValue>): void {
    const journal = this.net.env.journal!;
    const entry = journal.next(this.id);
    if (entry.state === 'recorded') {
      this.current = { inputs, fire: replayOf(entry.outcome), attempt: 1, journalNumber: entry.firing, replay: true };
      return this.attempt(inputs, this.current.fire);
    }
    const repeatable = isRepeatable(this.definition, this.config, inputs);
    if (entry.state === 'interrupted' && !repeatable && this.node.retry === undefined) {
      this.firing = false;
      this.net.failRun(this, INTERRUPTED_EFFECT);
      return;
    }
    this.current = { inputs, fire: this.definition.fire, attempt: 1, journalNumber: entry.firing, replay: false };
    this.recording = [];
    if (repeatable) return this.attempt(inputs, this.definition.fire);
    // The start is durable before the effect begins: after a crash, a firing the journal shows started but not
    // ended may have made its effect, and is not made again.
    this.net.addWork();
    journal.starting(this.id, entry.firing).then(
      () => {
        if (this.net.running) this.attempt(inputs, this.definition.fire);
        else this.firing = false;
        this.net.doneWork();
      },
      (error: unknown) => {
        this.current = undefined;
        this.recording = undefined;
        this.firing = false;
        this.net.failRun(this, `its start could not be journaled: ${errorMessage(error)}`);
        this.net.doneWork();
      },
    );
  }

  /** Makes one attempt of a firing: the actor's own or the replay of a recorded one. */
  private attempt(inputs: Record<string, JsonValue>, fire: Fire): void {
    this.firingFailed = false;
    const events = this.net.env.events;
    if (events !== undefined) {
      events.actorStarted(this.id, this.node.component);
      this.startedAt = performance.now();
    }
    let result: unknown;
    try {
      const context = this.contexts.create(inputs, this.inputGroupings, this.config, this.state);
      const scope = this.net.env.firingScope;
      result = scope === undefined ? fire(context) : scope(this.identity(), () => fire(context));
    } catch (error) {
      this.endFiring(error, true);
      return;
    }
    // An actor that returns its last send's promise (`return send(...)`) gets the shared resolved one when the
    // receivers had room: nothing is left to wait for, so the firing ends now instead of a microtask later.
    if (result === RESOLVED || !isThenable(result)) {
      this.endFiring(undefined, false);
      return;
    }
    this.net.addWork();
    this.inflight = result;
    result.then(this.onFiringResolved, this.onFiringRejected);
  }

  /** Which firing attempt is under way, for the run's firing scope. */
  private identity(): FiringIdentity {
    const { execution } = this.net.env;
    return {
      executionId: execution.id,
      workflowId: execution.workflowId,
      nodeId: this.id,
      component: this.node.component,
      attempt: this.current?.attempt ?? 1,
    };
  }

  // Made with the runner, not at its first async firing: measured, handlers made mid-run led V8 to keep whole
  // finished runs alive through young-generation collections after a large run had filled the old generation.
  private readonly onFiringResolved = (): void => {
    this.inflight = undefined;
    this.endFiring(undefined, false);
    this.net.doneWork();
  };

  private readonly onFiringRejected = (error: unknown): void => {
    this.inflight = undefined;
    this.endFiring(error, true);
    this.net.doneWork();
  };

  private endFiring(error: unknown, failed: boolean): void {
    const current = this.current;
    if (current !== undefined) {
      if (failed && this.net.running && this.retryLater(current, error)) return;
      this.current = undefined;
      this.endJournaled(current, failed ? error : this.firingError);
    }
    this.firing = false;
    if (!this.net.running) return;
    if (failed) this.fail(error);
    else if (!this.firingFailed) {
      const events = this.net.env.events;
      if (events !== undefined) events.actorCompleted(this.id, this.node.component, Math.round((performance.now() - this.startedAt) * 1000) / 1000);
    }
    if (this.net.running && !this.scheduled && this.canFire()) this.schedule();
  }

  /**
   * Arms the next attempt of a failed firing when the node's retry policy allows one; the node stays busy
   * meanwhile, so that its later packets wait their turn. A replayed failure is final: it was the last one then.
   */
  private retryLater(current: FiringUnderWay, error: unknown): boolean {
    const policy = this.node.retry;
    if (policy === undefined || current.replay) return false;
    const delay = retryDelay(policy, current.attempt, error);
    if (delay === undefined) return false;
    this.net.env.events?.actorRetrying(this.id, this.node.component, current.attempt, errorMessage(error), delay);
    current.attempt += 1;
    this.timers.setTimeout(() => this.attempt(current.inputs, current.fire), delay);
    return true;
  }

  /** Journals how a live journaled firing ended, once its last attempt is over. */
  private endJournaled(current: FiringUnderWay, error: unknown): void {
    const sends = this.recording;
    this.recording = undefined;
    this.firingError = undefined;
    if (sends === undefined || current.journalNumber === undefined || !this.net.running) return;
    this.net.env.journal!.ended(this.id, current.journalNumber, outcomeOf(sends, error));
  }

  /** A timer callback of the node failed: an actor error that leaves the firing in progress, if any, as it is. */
  timerFailed(error: unknown): void {
    this.net.nodeFailed(this, error);
  }

  /** Reports an actor error of the node: a failed firing or a bad send. */
  fail(error: unknown): void {
    if (this.firing) {
      this.firingFailed = true;
      // A journaled firing that failed by a bad send is recorded as failed, so that its replay fails alike.
      if (this.recording !== undefined) this.firingError ??= error;
    }
    this.net.nodeFailed(this, error);
  }
}
