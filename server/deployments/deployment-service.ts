import { randomUUID } from 'node:crypto';
import { type Collect, type Deployment, type DeploymentPatch, type DeploymentRequest, isTerminalStatus } from '../../model';
import { HTTP_REQUEST_METADATA_KEY, type HookRequest } from '../actors';
import { AppError } from '../errors';
import { type Logger, silentLogger } from '../logger';
import { type ActiveDeployment, changeOf, isSameDeployment } from './active-deployment';
import { type DeploymentRecord, type DeploymentUpdate, FRESH_TRIGGER, type TriggerState, updatedRecord } from './deployment-record';
import { patchedRequest } from './deployment-patch';
import { type DeploymentServiceOptions } from './deployment-service-options';
import { type DeploymentPlan, type HookPlan, type TriggerPlan, normalPath, planDeployment } from './deployment-plan';
import { deploymentView } from './deployment-view';
import { headersForRun, isAuthorised } from './hook-auth';
import { readHookBody } from './hook-body';
import { type HookCall, type HookCallOutcome } from './hook-call';
import { cancelUnanswered, followHookRun, statusOf } from './hook-run-follow';
import { HookRunLimit } from './hook-run-limit';
import { TriggerClock, isExhausted } from './trigger-clock';
import { timerAt } from './tick-timer';
import { tickKey } from './tick-key';
import {
  DEFAULT_DEPLOYMENT_LIMITS,
  type DeploymentLimits,
  checkDeploymentCount,
  checkTenantDeploymentCount,
  checkTriggerCount,
  triggerNodeCount,
} from './deployment-limits';
import { visibleWithin } from '../tenants';
import { TriggerStartBudget } from './trigger-start-budget';

export { type DeploymentServiceOptions } from './deployment-service-options';
export { type HookCall, type HookCallOutcome } from './hook-call';
export { tickKey } from './tick-key';

/** What a hook answers when no hook takes a request: the same for an unknown deployment and an unknown path. */
const NO_HOOK = 'No hook answers at this address';

/** Whether a deployment is paused: records stored before pausing existed have no flag. */
const isPaused = (record: DeploymentRecord): boolean => record.paused === true;

/**
 * Runs deployments: stores them, starts an execution on each tick of their triggers (one at a time per trigger:
 * a tick that comes while the trigger's previous run is still going is skipped and counted), and starts one for
 * each HTTP request to their hooks, answering it with the first packet of a Server Response node. It keeps at
 * most `maxDeployments` of at most `maxTriggersPerDeployment` triggers each, and skips and counts the ticks past
 * a deployment's `max_concurrent_runs` or the ceiling of `maxTriggerStartsPerSecond` (see {@link DeploymentLimits}).
 */
export class DeploymentService {
  private readonly active = new Map<string, ActiveDeployment>();
  private readonly now: () => number;
  private readonly logger: Logger;
  private readonly limits: DeploymentLimits;
  private readonly budget: TriggerStartBudget;
  private throttleWarnedAt = -Infinity;
  private readonly hookRuns: HookRunLimit;
  /** Set by {@link stop}: a change another node makes afterwards arms nothing here. */
  private stopped = false;

  constructor(private readonly options: DeploymentServiceOptions) {
    this.now = options.now ?? Date.now;
    this.logger = options.logger ?? silentLogger;
    this.limits = { ...DEFAULT_DEPLOYMENT_LIMITS, ...options.limits };
    this.budget = new TriggerStartBudget(this.limits.maxTriggerStartsPerSecond, this.now);
    this.hookRuns = new HookRunLimit(options.maxConcurrentHookRuns ?? 8);
  }

  /**
   * Validates and stores a deployment of `tenant` (undefined: one of no tenant), then arms its triggers; the runs it
   * starts belong to that tenant. Names are unique across the service: one another tenant holds is in use too.
   * @throws AppError VALIDATION_FAILED for a workflow that cannot be deployed or has more triggers than
   * `maxTriggersPerDeployment`, CONFLICT for a name in use, LIMIT_REACHED when `maxDeployments` are kept, or the
   * tenant's own `max_deployments`
   */
  create(request: DeploymentRequest, tenant?: string): Deployment {
    if (this.active.has(request.name) || this.options.store.get(request.name))
      throw new AppError('CONFLICT', `Deployment '${request.name}' already exists: delete it first, or choose another name`);
    checkDeploymentCount(this.active.size, this.limits);
    if (tenant !== undefined) checkTenantDeploymentCount(tenant, this.countOf(tenant), this.options.tenants?.[tenant]?.max_deployments);
    if (request.graph_json !== undefined) checkTriggerCount(triggerNodeCount(request.graph_json), this.limits);
    const plan = planDeployment(request, this.planContext(tenant));
    checkTriggerCount(plan.triggers.length, this.limits);
    const record: DeploymentRecord = { id: request.name, request, createdAt: this.now(), triggers: {}, ...(tenant === undefined ? {} : { tenant }) };
    if (!this.options.store.insert(record))
      throw new AppError('CONFLICT', `Deployment '${request.name}' already exists: delete it first, or choose another name`);
    this.activate(record, plan, false);
    this.logger.info({ deployment: record.id, tenant, triggers: plan.triggers.length, hooks: plan.hooks.length }, 'Deployment created');
    return this.get(record.id);
  }

  /**
   * Changes a deployment in place. A new workflow or settings are validated as {@link create} validates them, then
   * stored, and its triggers are armed afresh from the new workflow (runs already going keep the graph they
   * started with). `paused` stops its triggers and hooks, or starts them again. A change refused changes nothing.
   * A caller limited to the tenant `within` changes only that tenant's deployments.
   * @throws AppError NOT_FOUND (for another tenant's deployment too), VALIDATION_FAILED as {@link create} does
   */
  update(id: string, patch: DeploymentPatch, within?: string): Deployment {
    const active = this.activeOf(id, within);
    const { paused, ...changes } = patch;
    const request = patchedRequest(active.record.request, changes);
    const revised = JSON.stringify(request) !== JSON.stringify(active.record.request);
    let plan = active.plan;
    if (revised) {
      if (request.graph_json !== undefined) checkTriggerCount(triggerNodeCount(request.graph_json), this.limits);
      plan = planDeployment(request, this.planContext(active.record.tenant));
      checkTriggerCount(plan.triggers.length, this.limits);
    }
    const pauseChanged = paused !== undefined && paused !== isPaused(active.record);
    if (!revised && !pauseChanged) return this.view(active);
    const update: DeploymentUpdate = revised ? { request, revisedAt: this.now(), ...(paused === undefined ? {} : { paused }) } : { paused: paused === true };
    this.options.store.update(id, update);
    const record = updatedRecord(active.record, update);
    this.disarm(active);
    if (plan) this.activate(record, plan, false);
    else this.restoreOne(record, false);
    this.logger.info(
      { deployment: id, revised, paused: isPaused(record) },
      revised ? 'Deployment changed' : isPaused(record) ? 'Deployment paused' : 'Deployment resumed',
    );
    return this.get(id);
  }

  /**
   * Stops a deployment's triggers and hooks until it is resumed; pausing a paused one changes nothing.
   * @throws AppError NOT_FOUND (for another tenant's deployment too)
   */
  pause(id: string, within?: string): Deployment {
    return this.update(id, { paused: true }, within);
  }

  /**
   * Starts a paused deployment's triggers and hooks again: each trigger's next tick is its next one from now (the
   * ticks that fell during the pause are not run). Resuming one that is not paused changes nothing.
   * @throws AppError NOT_FOUND (for another tenant's deployment too)
   */
  resume(id: string, within?: string): Deployment {
    return this.update(id, { paused: false }, within);
  }

  /** Whether deployment `id` is paused (false for one there is not). */
  isPaused(id: string): boolean {
    const active = this.active.get(id);
    return active !== undefined && isPaused(active.record);
  }

  /** Every deployment a caller limited to the tenant `within` may see (all, for undefined), oldest first. */
  list(within?: string): Deployment[] {
    // Deployments other nodes create come in as they are told, not in the order they were created.
    const visible = [...this.active.values()].filter((active) => visibleWithin(active.record.tenant, within));
    const oldestFirst = visible.sort((a, b) => a.record.createdAt - b.record.createdAt || (a.record.id < b.record.id ? -1 : a.record.id > b.record.id ? 1 : 0));
    return oldestFirst.map((active) => this.view(active));
  }

  /**
   * The deployment `id`, as seen by a caller limited to the tenant `within` (undefined: one who sees every tenant's).
   * @throws AppError NOT_FOUND (for another tenant's deployment too)
   */
  get(id: string, within?: string): Deployment {
    return this.view(this.activeOf(id, within));
  }

  /**
   * Stops a deployment's triggers and hooks and forgets it; executions it started are kept.
   * @throws AppError NOT_FOUND (for another tenant's deployment too)
   */
  delete(id: string, within?: string): void {
    this.disarm(this.activeOf(id, within));
    this.active.delete(id);
    this.options.store.delete(id);
    this.logger.info({ deployment: id }, 'Deployment deleted');
  }

  /**
   * Arms the stored deployments at start-up. One that no longer validates (a component gone, a secret removed)
   * stays listed with its problem and runs nothing.
   */
  restore(): void {
    this.stopped = false;
    for (const record of this.options.store.list()) {
      // One that a change from another node has armed already.
      if (!this.active.has(record.id)) this.restoreOne(record, this.options.catchUpMissedTicks ?? false);
    }
  }

  /**
   * Brings one deployment in line with the store after another node of a cluster changed it: arms one that
   * appeared (without catching up: the node that created it runs its ticks until then), disarms and forgets one
   * that is gone, and takes the trigger states of one that stayed, without re-arming it. A deployment replaced
   * under the same name (deleted and created again, or created on two nodes at once) is armed afresh.
   */
  sync(id: string): void {
    if (this.stopped) return;
    const stored = this.options.store.get(id);
    const active = this.active.get(id);
    if (active && stored && isSameDeployment(active.record, stored)) {
      active.record = stored;
      return;
    }
    if (active) {
      this.disarm(active);
      this.active.delete(id);
    }
    if (stored) this.restoreOne(stored, false);
    this.logger.info({ deployment: id }, `Deployment ${changeOf(active?.record, stored)} on another node`);
  }

  /** Disarms every trigger (hooks answer 404 from then on). */
  stop(): void {
    this.stopped = true;
    for (const active of this.active.values()) this.disarm(active);
    this.active.clear();
  }

  // One that no longer validates stays listed with its problem and runs nothing.
  private restoreOne(record: DeploymentRecord, catchUp: boolean): void {
    try {
      this.activate(record, planDeployment(record.request, this.planContext(record.tenant)), catchUp);
    } catch (error) {
      const problem = (error as Error).message;
      this.active.set(record.id, { record, problem, clocks: new Map(), timers: new Map(), armedAt: this.now(), throttled: new Map(), gate: Promise.resolve() });
      this.logger.error({ deployment: record.id, problem }, 'A stored deployment no longer validates and runs nothing');
    }
  }

  private disarm(active: ActiveDeployment): void {
    for (const cancel of active.timers.values()) cancel();
    active.timers.clear();
  }

  /**
   * Answers an HTTP request to a deployment's hook: checks it, starts an execution with the request, and waits
   * for the run's answer (at most `hookTimeoutMs`). A run whose caller stops waiting (the timeout, or `signal`
   * aborted as its connection closed) is cancelled, unless the deployment asks for `continue_on_timeout`.
   * @throws AppError NOT_FOUND (no such deployment or path), METHOD_NOT_ALLOWED (see {@link hookMethods}), UNAUTHORIZED, VALIDATION_FAILED for a body that cannot be read as the hook reads it, RATE_LIMITED when the deployment has `maxConcurrentHookRuns` runs going
   */
  async call(id: string, call: HookCall, signal?: AbortSignal): Promise<HookCallOutcome> {
    const { deployment, hook } = this.hookFor(id, call.method, call.path);
    if (!isAuthorised(hook, call.headers, (name) => this.options.secret(name, deployment.record.tenant))) {
      throw new AppError(
        'UNAUTHORIZED',
        `The request to ${call.method} /hooks/${id}${normalPath(call.path)} needs ${hook.authentication === 'API Key' ? `the API key in ${hook.apiKeyHeader}` : `${hook.authentication} credentials`}`,
      );
    }
    if (isPaused(deployment.record)) throw new AppError('UNAVAILABLE', `Deployment '${id}' is paused: its hooks answer again once it is resumed`);
    const contentType = call.headers['content-type'];
    const body = readHookBody(hook.dataFormat, call.body, Array.isArray(contentType) ? contentType[0] : contentType);
    if (!body.ok) throw new AppError('VALIDATION_FAILED', body.message, { details: [{ path: 'body', message: body.message }] });
    if (!this.hookRuns.take(id)) {
      throw new AppError(
        'RATE_LIMITED',
        `Deployment '${id}' has ${this.hookRuns.max} runs of its hooks going, as many as it may have at once: try again shortly`,
      );
    }
    const request: HookRequest = {
      method: call.method,
      path: normalPath(call.path),
      query: call.query,
      headers: headersForRun(hook, call.headers),
      body: body.body,
    };
    const executionId = randomUUID();
    const answered = this.options.answers.expect(executionId, this.options.hookTimeoutMs ?? 30_000);
    const plan = deployment.plan as DeploymentPlan;
    try {
      await this.options.executions.startDurably(
        {
          graph_json: plan.graphJson,
          input: deployment.record.request.input,
          metadata: { ...this.startMetadata(deployment, executionId, 'hook'), [HTTP_REQUEST_METADATA_KEY]: request },
          ...runOptions(deployment.record.request),
        },
        { source: 'hook', here: true, deploymentId: id, ...tenantOf(deployment.record) },
      );
    } catch (error) {
      this.hookRuns.release(id);
      this.options.answers.settle(executionId, { kind: 'ended' });
      throw error;
    }
    followHookRun(this.options.executions, executionId, () => {
      this.hookRuns.release(id);
      this.options.answers.settle(executionId, { kind: 'ended' });
    });
    const abandon = (): void => void this.options.answers.settle(executionId, { kind: 'abandoned' });
    signal?.addEventListener('abort', abandon, { once: true });
    if (signal?.aborted) abandon();
    const outcome = await answered;
    signal?.removeEventListener('abort', abandon);
    const unanswered = outcome.kind === 'timeout' || outcome.kind === 'abandoned';
    const cancelled = unanswered && deployment.record.request.continue_on_timeout !== true;
    if (cancelled)
      void cancelUnanswered(
        this.options.executions,
        this.logger,
        id,
        executionId,
        outcome.kind === 'timeout' ? 'its caller got no answer in time' : 'its caller went away before the answer',
      );
    return { executionId, outcome, cancelled };
  }

  /**
   * The methods a deployment's hooks answer at `path` (HEAD wherever GET is answered), for the `Allow` header of
   * a 405; empty when none answers there.
   */
  hookMethods(id: string, path: string): string[] {
    const wanted = normalPath(path);
    const methods = new Set((this.active.get(id)?.plan?.hooks ?? []).filter((hook) => hook.path === wanted).map((hook) => hook.method));
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  }

  // One answer for every request no hook takes, so that a caller learns nothing of a deployment's hooks; a method
  // that is not answered at a path that is gets 405 instead.
  private hookFor(id: string, method: string, path: string): { deployment: ActiveDeployment; hook: HookPlan } {
    const deployment = this.active.get(id);
    const wanted = normalPath(path);
    const onPath = (deployment?.plan?.hooks ?? []).filter((hook) => hook.path === wanted);
    const asked = method.toUpperCase();
    const hook =
      onPath.find((candidate) => candidate.method === 'ANY' || candidate.method === asked) ??
      (asked === 'HEAD' ? onPath.find((candidate) => candidate.method === 'GET') : undefined);
    if (deployment === undefined || onPath.length === 0) throw new AppError('NOT_FOUND', NO_HOOK);
    if (hook) return { deployment, hook };
    throw new AppError('METHOD_NOT_ALLOWED', `This hook does not answer ${asked}`);
  }

  // Another tenant's deployment is answered as one there is not, so that its name tells nothing.
  private activeOf(id: string, within?: string): ActiveDeployment {
    const active = this.active.get(id);
    if (!active || !visibleWithin(active.record.tenant, within)) throw new AppError('NOT_FOUND', `Deployment '${id}' not found`);
    return active;
  }

  // Counted in the store, which in a cluster holds every node's deployments.
  private countOf(tenant: string): number {
    return this.options.store.list().filter((record) => record.tenant === tenant).length;
  }

  // A deployment's hooks check callers only against secrets its tenant may name.
  private planContext(tenant: string | undefined) {
    return { catalogue: this.options.catalogue, executions: this.options.executions, secret: (name: string) => this.options.secret(name, tenant) };
  }

  private startMetadata(active: ActiveDeployment, executionId: string, source: string) {
    const { request } = active.record;
    return {
      execution_id: executionId,
      workflow_id: active.plan?.workflowId,
      source,
      deployment_id: active.record.id,
      ...(request.timeout_ms === undefined ? {} : { timeout_ms: request.timeout_ms }),
    };
  }

  private activate(record: DeploymentRecord, plan: DeploymentPlan, catchUp: boolean): void {
    const active: ActiveDeployment = { record, plan, clocks: new Map(), timers: new Map(), armedAt: this.now(), throttled: new Map(), gate: Promise.resolve() };
    this.active.set(record.id, active);
    for (const trigger of plan.triggers) {
      const clock = new TriggerClock(trigger);
      active.clocks.set(trigger.nodeId, clock);
      if (isPaused(record)) continue;
      const state = record.triggers[trigger.nodeId] ?? FRESH_TRIGGER;
      const since = state.lastTickAt ?? record.revisedAt ?? record.createdAt;
      const missed = catchUp && !isExhausted(trigger, state) ? clock.missedTick(since, this.now()) : undefined;
      if (missed !== undefined) {
        this.logger.info(
          { deployment: record.id, trigger: trigger.nodeId, missed: new Date(missed).toISOString() },
          'Catching up a tick missed while the service was down',
        );
        void this.tick(active, trigger, missed).finally(() => {
          if (this.active.get(record.id) === active) this.arm(active, trigger);
        });
        continue;
      }
      this.arm(active, trigger);
    }
  }

  // After a tick at `firedAt`, the next one is counted from it: the tick's run (or another node, which claimed
  // it) may not have saved the trigger's state yet.
  private arm(active: ActiveDeployment, trigger: TriggerPlan, firedAt?: number): void {
    const saved = this.stateOf(active, trigger.nodeId);
    const state = firedAt !== undefined && (saved.lastTickAt ?? -Infinity) < firedAt ? { ...saved, lastTickAt: firedAt } : saved;
    const at = active.clocks.get(trigger.nodeId)?.next(state, this.now(), active.armedAt);
    if (at === undefined) {
      active.timers.delete(trigger.nodeId);
      return;
    }
    active.timers.set(
      trigger.nodeId,
      timerAt(at, this.now, () => {
        if (this.active.get(active.record.id) !== active) return;
        // Armed again once the tick has saved the trigger's state, so that the next time counts this tick's run.
        void this.tick(active, trigger, at).finally(() => {
          if (this.active.get(active.record.id) === active) this.arm(active, trigger, at);
        });
      }),
    );
  }

  // In a cluster every node arms every trigger and the first to claim a tick runs it. The ceiling on starts is
  // looked at first, as it costs no read: a flood of ticks is turned away before it reaches the stores.
  private async tick(active: ActiveDeployment, trigger: TriggerPlan, at: number): Promise<void> {
    if (!(await this.claimed(active, trigger, at))) return;
    if (!this.budget.hasRoom()) return this.throttle(active, trigger);
    if (active.record.request.max_concurrent_runs === undefined) return this.tickChecked(active, trigger, at);
    const turn = active.gate.then(() => this.tickChecked(active, trigger, at));
    active.gate = turn.catch(() => undefined);
    return turn;
  }

  private async tickChecked(active: ActiveDeployment, trigger: TriggerPlan, at: number): Promise<void> {
    const state = this.stateOf(active, trigger.nodeId);
    const previous = state.lastExecutionId === null ? undefined : await statusOf(this.options.executions, state.lastExecutionId);
    if (previous !== undefined && !isTerminalStatus(previous)) {
      this.skip(active, trigger, at, 'previous_run_going');
      return;
    }
    if (await this.atRunCap(active)) {
      this.skip(active, trigger, at, 'max_concurrent_runs');
      return;
    }
    // Changed, paused or deleted while the tick looked at the runs: the tick belongs to what it was.
    if (this.active.get(active.record.id) !== active) return;
    if (!this.budget.take()) return this.throttle(active, trigger);
    const executionId = randomUUID();
    const count = state.executionsStarted + 1;
    try {
      const metadata = {
        ...this.startMetadata(active, executionId, 'trigger'),
        trigger: { node_id: trigger.nodeId, timestamp: new Date(at).toISOString(), execution_count: count },
      };
      await this.options.executions.start(
        { graph_json: (active.plan as DeploymentPlan).graphJson, input: active.record.request.input, metadata, ...runOptions(active.record.request) },
        { source: 'trigger', deploymentId: active.record.id, ...tenantOf(active.record) },
      );
      this.save(active, trigger.nodeId, { ...state, executionsStarted: count, lastTickAt: at, lastExecutionId: executionId });
    } catch (error) {
      this.logger.error({ err: error, deployment: active.record.id, trigger: trigger.nodeId }, 'A tick could not start its execution');
    }
  }

  // A claim that cannot be made (the lock's server is down) passes the tick over on this node: every node would
  // fail alike, and a tick missed is better than one run on every node.
  private async claimed(active: ActiveDeployment, trigger: TriggerPlan, at: number): Promise<boolean> {
    if (!this.options.claimTick) return true;
    try {
      return await this.options.claimTick(active.record.id, trigger.nodeId, tickKey(active.record, trigger, at));
    } catch (error) {
      this.logger.error({ err: error, deployment: active.record.id, trigger: trigger.nodeId }, 'A tick was passed over: it could not be claimed');
      return false;
    }
  }

  // Only the runs of its triggers count: each trigger has at most one going, its last.
  private async atRunCap(active: ActiveDeployment): Promise<boolean> {
    const cap = active.record.request.max_concurrent_runs;
    if (cap === undefined) return false;
    const last = Object.values(active.record.triggers).flatMap((state) => (state.lastExecutionId === null ? [] : [state.lastExecutionId]));
    const statuses = await Promise.all(last.map((id) => statusOf(this.options.executions, id)));
    return statuses.filter((status) => status !== undefined && !isTerminalStatus(status)).length >= cap;
  }

  private skip(active: ActiveDeployment, trigger: TriggerPlan, at: number, reason: 'previous_run_going' | 'max_concurrent_runs'): void {
    const state = this.stateOf(active, trigger.nodeId);
    this.save(active, trigger.nodeId, { ...state, ticksSkipped: state.ticksSkipped + 1, lastTickAt: at });
    this.options.onTickSkipped?.(reason);
    const why =
      reason === 'previous_run_going'
        ? 'the previous run of this trigger is still going'
        : `the deployment has its max_concurrent_runs (${active.record.request.max_concurrent_runs}) going`;
    this.logger.info({ deployment: active.record.id, trigger: trigger.nodeId, running: state.lastExecutionId }, `Tick skipped: ${why}`);
  }

  // Counted in memory only: a store write per tick is what a flood of ticks must not cost. Logged as a warning
  // once a minute at most, so that the log does not flood instead.
  private throttle(active: ActiveDeployment, trigger: TriggerPlan): void {
    active.throttled.set(trigger.nodeId, (active.throttled.get(trigger.nodeId) ?? 0) + 1);
    this.options.onTickSkipped?.('max_trigger_starts_per_second');
    if (this.now() - this.throttleWarnedAt < 60_000) return;
    this.throttleWarnedAt = this.now();
    const ceiling = this.limits.maxTriggerStartsPerSecond;
    this.logger.warn(
      { deployment: active.record.id, trigger: trigger.nodeId, ceiling },
      `Ticks skipped: the triggers of the deployments start more than max_trigger_starts_per_second (${ceiling}) runs`,
    );
  }

  private stateOf(active: ActiveDeployment, nodeId: string): TriggerState {
    return active.record.triggers[nodeId] ?? FRESH_TRIGGER;
  }

  private save(active: ActiveDeployment, nodeId: string, state: TriggerState): void {
    active.record = { ...active.record, triggers: { ...active.record.triggers, [nodeId]: state } };
    this.options.store.saveTrigger(active.record.id, nodeId, state);
  }

  private view(active: ActiveDeployment): Deployment {
    return deploymentView(
      active.record,
      active.plan,
      active.problem,
      (trigger) =>
        isPaused(active.record) ? [] : (active.clocks.get(trigger.nodeId)?.upcoming(this.stateOf(active, trigger.nodeId), this.now(), active.armedAt, 3) ?? []),
      (trigger) => active.throttled.get(trigger.nodeId) ?? 0,
    );
  }
}

/** The tenant a deployment's runs belong to, as start defaults: none for a deployment of no tenant. */
function tenantOf(record: DeploymentRecord): { tenant?: string } {
  return record.tenant === undefined ? {} : { tenant: record.tenant };
}

/** What a deployment's request gives each execution it starts besides the graph, input and metadata: which outputs to collect. */
function runOptions(request: DeploymentRequest): { collect?: Collect } {
  return request.collect === undefined ? {} : { collect: request.collect };
}
