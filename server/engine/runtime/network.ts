import { setMaxListeners } from 'node:events';
import { type AnyActorDefinition, type GraphInputValue } from '../sdk/actor-definition';
import { ActorError, errorMessage } from '../sdk/actor-error';
import { type Catalogue } from '../sdk/catalogue';
import { type JsonPacket, withJsonTexts } from '../sdk/json-text';
import { type Grouping } from '../sdk/grouping';
import { type CompositeContext, type InnerRunOutcome, SubgraphFailure, createCompositeActor } from './composite-actor';
import { type JsonObject, type RunError, type RunResult, collectsAll } from '../../../model';
import { CollectedPackets } from './collected-packets';
import { type ConfigUpdateOutcome, type NetworkOptions, type NetworkState } from './network-options';
import { type NetworkRuntime } from './network-runtime';
import { type NodeRunner } from './node-runner';
import { afterSettling, noop, RESOLVED } from './promises';
import { type RunEnvironment, createRunEnvironment } from './run-environment';
import { type ValidGraph, type ValidNode } from '../graph/valid-graph';
import { isoTime } from './iso-time';
import { nodeLabels } from '../graph/node-label';
import { runNames } from '../graph/run-names';
import { type Wiring, wireNetwork } from './wire-network';

/** A running (or runnable) graph: one actor instance per node, wired by bounded packet queues. */
export interface Network {
  /** Moves forward only: ready, running, then completed, failed or cancelled. */
  readonly state: NetworkState;
  /** Starts the run (once; later calls return the same promise). Never rejects; resolves after the terminal event. */
  run(): Promise<RunResult>;
  /**
   * Ends the run as cancelled: every actor's signal aborted, its timers cleared. Idempotent; no effect once
   * finished. A `reason` is kept in the result's errors, so that the record says why the run was cut short.
   */
  cancel(reason?: string): void;
  /**
   * Replaces a top-level node's `metadata.config` layer; it is validated against the actor's schema and seen at
   * the node's next firing. An invalid one is refused and, on a running network, is an actor error of the node.
   */
  updateNodeConfig(nodeId: string, config: JsonObject): ConfigUpdateOutcome;
}

/** Where a network sits: the top-level run, or one firing of a composite node inside it. */
interface Scope {
  readonly idPrefix: string;
  readonly input: JsonObject;
  readonly signal?: AbortSignal;
  readonly timeoutMs?: number;
  /** When the run first started, for a resumed run. */
  readonly startedAt?: number;
  /** Present inside a composite node: where graph outputs go. */
  readonly parent?: { send(name: string, value: JsonPacket, grouping: Grouping | undefined): Promise<void> };
}

/** Builds a network for a validated graph; call `run()` to start it. */
export function createNetwork(graph: ValidGraph, catalogue: Catalogue, options: NetworkOptions): Network {
  const env = createRunEnvironment(catalogue, options);
  return new GraphNetwork(graph, env, {
    idPrefix: '',
    input: options.input ?? {},
    signal: options.signal,
    timeoutMs: options.timeoutMs,
    startedAt: options.startedAt,
  });
}

class GraphNetwork implements Network, NetworkRuntime {
  private current: NetworkState = 'ready';
  /** Made when an actor first reads the signal: most small runs never do, and one costs microseconds. */
  private controller: AbortController | undefined;
  private readonly wiring: Wiring;
  private work = 0;
  private readonly outputs: Record<string, JsonPacket> = {};
  /** The outputs that report every packet, by name; each also has its place (in first-packet order) in `outputs`. */
  private readonly collected = new Map<string, CollectedPackets>();
  private readonly errors: RunError[] = [];
  private failure = '';
  private startTime = 0;
  private runPromise: Promise<RunResult> | undefined;
  private settle: (result: RunResult) => void = noop;
  private timeout: NodeJS.Timeout | undefined;
  private detachSignal: () => void = noop;

  constructor(
    private readonly graph: ValidGraph,
    readonly env: RunEnvironment,
    private readonly scope: Scope,
  ) {
    this.wiring = wireNetwork(graph, this, {
      idPrefix: scope.idPrefix,
      input: scope.input,
      root: this.isRoot,
      definitionOf: (node) => this.definitionOf(node),
    });
  }

  get signal(): AbortSignal {
    if (this.controller === undefined) {
      this.controller = new AbortController();
      // Every actor of the network may listen on this one signal (fetch calls, waits); that is not a leak.
      setMaxListeners(0, this.controller.signal);
      if (this.current === 'failed' || this.current === 'cancelled') this.controller.abort();
    }
    return this.controller.signal;
  }

  get state(): NetworkState {
    return this.current;
  }

  get running(): boolean {
    return this.current === 'running';
  }

  private get isRoot(): boolean {
    return this.scope.parent === undefined;
  }

  run(): Promise<RunResult> {
    this.runPromise ??= new Promise<RunResult>((resolve) => {
      this.settle = resolve;
      this.start();
    });
    return this.runPromise;
  }

  cancel(reason?: string): void {
    if (this.current === 'ready') this.current = 'cancelled';
    else if (this.current === 'running') {
      if (reason !== undefined) this.errors.push({ message: reason });
      this.stop('cancelled');
    }
  }

  updateNodeConfig(nodeId: string, config: JsonObject): ConfigUpdateOutcome {
    if (this.current !== 'ready' && this.current !== 'running') {
      return { ok: false, reason: 'not-running', issues: [`The run has already ended (${this.current})`] };
    }
    const runner = this.wiring.byId.get(nodeId);
    if (runner === undefined) return { ok: false, reason: 'unknown-node', issues: [`Node '${nodeId}' is not in the graph`] };
    const outcome = runner.reconfigure(config);
    if (outcome.ok) return { ok: true };
    return { ok: false, reason: 'invalid', issues: outcome.problems };
  }

  addWork(): void {
    this.work++;
  }

  doneWork(): void {
    if (--this.work === 0 && this.current === 'running') this.complete();
  }

  nodeFailed(runner: NodeRunner, error: unknown): void {
    if (!this.running) return;
    const message = errorMessage(error);
    const nodeId = error instanceof SubgraphFailure ? error.nodeId : runner.id;
    runner.failed = true;
    this.env.events?.actorFailed(runner.id, runner.component, message);
    const details = error instanceof ActorError ? error.details : {};
    if (runner.routeError({ ...details, message, node_id: nodeId, component: runner.component })) return;
    this.fail({ node_id: nodeId, message });
  }

  failRun(runner: NodeRunner, message: string): void {
    runner.failed = true;
    this.env.events?.actorFailed(runner.id, runner.component, message);
    this.fail({ node_id: runner.id, message });
  }

  exportOutput(name: string, value: JsonPacket, grouping: Grouping | undefined): Promise<void> {
    if (this.scope.parent !== undefined) return this.scope.parent.send(name, value, grouping);
    this.recordOutput(name, value);
    return RESOLVED;
  }

  recordOutput(key: string, value: JsonPacket): void {
    const collect = this.env.collect;
    if (collect === undefined || !collectsAll(collect.outputs, key)) {
      this.outputs[key] = value;
      return;
    }
    let packets = this.collected.get(key);
    if (packets === undefined) {
      packets = new CollectedPackets(collect);
      this.collected.set(key, packets);
      this.outputs[key] = null;
    }
    packets.add(value);
  }

  graphInput(name: string): GraphInputValue {
    const input = this.scope.input;
    return Object.hasOwn(input, name) ? { found: true, value: input[name] } : { found: false };
  }

  log(nodeId: string, component: string, message: string, fields?: JsonObject): void {
    try {
      this.env.log?.({ nodeId, component, message, fields });
    } catch {
      // A failing log sink must not fail the actor that wrote the line.
    }
  }

  private definitionOf(node: ValidNode): AnyActorDefinition {
    const subgraph = node.subgraph;
    if (subgraph !== undefined) return createCompositeActor(subgraph.boundary, (ctx) => this.runInner(subgraph, ctx));
    const definition = this.env.catalogue.get(node.component);
    if (definition === undefined) throw new Error(`Component '${node.component}' of node '${node.id}' is not in the catalogue`);
    return definition;
  }

  private async runInner(graph: ValidGraph, ctx: CompositeContext): Promise<InnerRunOutcome> {
    const inner = new GraphNetwork(graph, this.env, {
      idPrefix: `${ctx.node.id}/`,
      input: ctx.inputs as JsonObject,
      signal: ctx.signal,
      parent: { send: (name, value, grouping) => ctx.send(name, value, grouping) },
    });
    const result = await inner.run();
    return { state: inner.state, result };
  }

  private start(): void {
    this.startTime = this.scope.startedAt ?? this.env.now();
    if (this.isRoot) this.env.events?.networkStarted(this.env.execution.id, this.env.execution.workflowId);
    if (this.current !== 'ready') {
      queueMicrotask(() => this.finish());
      return;
    }
    this.current = 'running';
    this.work = 1;
    this.watchSignal();
    this.armTimeout();
    for (const runner of this.wiring.runners) {
      if (!this.running) return;
      const problem = runner.prepare();
      if (problem === undefined) continue;
      runner.failed = true;
      this.env.events?.actorFailed(runner.id, runner.component, problem);
      this.fail({ node_id: runner.id, message: problem });
      return;
    }
    this.env.scheduler.startNow(() => {
      for (const { port, packet, grouping } of this.wiring.startPackets) port.push(packet, grouping);
      for (const runner of this.wiring.runners) if (runner.isSource) runner.startAsSource();
      this.doneWork();
    });
  }

  private watchSignal(): void {
    const signal = this.scope.signal;
    if (signal === undefined) return;
    if (signal.aborted) {
      this.stop('cancelled');
      return;
    }
    const onAbort = (): void => this.cancel();
    signal.addEventListener('abort', onAbort, { once: true });
    this.detachSignal = () => signal.removeEventListener('abort', onAbort);
  }

  private armTimeout(): void {
    const ms = this.scope.timeoutMs ?? 0;
    if (!this.running || !(ms > 0)) return;
    this.timeout = setTimeout(() => this.fail({ message: `Run timed out after ${ms} ms` }), ms);
  }

  private fail(error: RunError): void {
    if (!this.running) return;
    this.errors.push(error);
    // Named as the graph's author knows the node: by its title (from the IDE) with the id in brackets.
    const label = error.node_id === undefined ? undefined : (nodeLabels(this.graph, this.scope.idPrefix).get(error.node_id) ?? error.node_id);
    this.failure = label === undefined ? error.message : `Node '${label}' failed: ${error.message}`;
    this.stop('failed');
  }

  private complete(): void {
    this.current = 'completed';
    this.detach();
    if (this.isRoot) this.env.events?.networkIdle();
    this.finish();
  }

  private stop(state: 'failed' | 'cancelled'): void {
    this.current = state;
    this.detach();
    this.controller?.abort();
    for (const runner of this.wiring.runners) runner.halt();
    // A stop ends after the caller's own work (a cancel() returns before the terminal event); a completion,
    // noticed inside the engine, ends at once.
    queueMicrotask(() => this.finish());
  }

  private detach(): void {
    clearTimeout(this.timeout);
    this.detachSignal();
    this.detachSignal = noop;
  }

  /**
   * Lets the work in flight settle, disposes the actors and closes the run's resources, then reports the end.
   * Each step goes on at once when it has nothing to wait for, so a short run ends without a callback made.
   */
  private finish(): void {
    const inFlight: PromiseLike<unknown>[] = [];
    for (const runner of this.wiring.runners) runner.addInFlight(inFlight);
    if (inFlight.length === 0) this.disposeActors();
    else afterSettling(inFlight, this.env.stopGraceMs, () => this.disposeActors());
  }

  private disposeActors(): void {
    const disposing: Promise<unknown>[] = [];
    for (const runner of this.wiring.runners) {
      const disposed = runner.dispose();
      if (disposed !== undefined) disposing.push(disposed);
    }
    if (disposing.length === 0) this.closeResources();
    else afterSettling(disposing, this.env.stopGraceMs, () => this.closeResources());
  }

  private closeResources(): void {
    const closing = this.isRoot ? this.env.resources.closeAll(this.env.stopGraceMs) : undefined;
    if (closing === undefined) this.report();
    else void closing.then(() => this.report());
  }

  private report(): void {
    const result = this.result();
    const events = this.isRoot ? this.env.events : undefined;
    if (events !== undefined) {
      if (this.current === 'completed') events.completed(result);
      else if (this.current === 'failed') events.failed(this.failure, result);
      else events.cancelled(result);
    }
    this.settle(result);
  }

  /** The outputs, each collected one as the array of its packets. */
  private collectedOutputs(): Record<string, JsonPacket> {
    if (this.collected.size === 0) return this.outputs;
    const outputs = { ...this.outputs };
    for (const [name, packets] of this.collected) outputs[name] = packets.value();
    return outputs;
  }

  private result(): RunResult {
    const end = this.env.now();
    let executed = 0;
    let failed = 0;
    for (const runner of this.wiring.runners) {
      if (runner.fired) executed++;
      if (runner.failed) failed++;
    }
    return {
      success: this.current === 'completed',
      execution_id: this.env.execution.id,
      workflow_id: this.env.execution.workflowId,
      start_time: isoTime(this.startTime),
      end_time: isoTime(end),
      duration_ms: Math.max(0, end - this.startTime),
      // A value that came as JSON text stays text until someone reads it (see withJsonTexts).
      outputs: withJsonTexts(this.collectedOutputs()),
      errors: [...this.errors],
      nodes_executed: executed,
      nodes_failed: failed,
      // Only the top level's result is shown to people; a composite node's inner result is not.
      ...(this.isRoot ? { names: runNames(this.graph, Object.keys(this.outputs)) } : {}),
    };
  }
}
