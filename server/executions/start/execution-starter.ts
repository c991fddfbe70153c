import { type GraphCompiler, type GraphComponents } from '../../engine';
import { AppError } from '../../errors';
import { type StartRequest } from '../../../model';
import { type ExecutionRecord } from '../execution-record';
import { type ExecutionStore } from '../../storage';
import { type Placement } from '../placement/placement';
import { type ExecutionRun } from '../run/execution-run';
import { type StartDefaults, type StoredRequest, workflowIdOf } from '../start-request';
import { type ActiveExecutionLimit } from './active-execution-limit';
import { checkCollect } from './collect-check';
import { checkGraph, graphError } from './graph-check';
import { identifyingPart, requestFingerprint } from './request-fingerprint';

/** The answer to a start request: the execution, and whether this request created it. */
export interface StartOutcome {
  execution: ExecutionRecord;
  created: boolean;
}

/** What an {@link ExecutionStarter} works with. */
export interface ExecutionStarterOptions {
  store: ExecutionStore;
  compiler: GraphCompiler;
  /** Components that are graphs, expanded into subgraph nodes before the check. */
  graphComponents?: GraphComponents;
  placement: Placement;
  owned: ReadonlyMap<string, ExecutionRun>;
  now: () => number;
  newId: () => string;
  storageFull?: () => string | undefined;
  /** Holds each tenant to its executions queued or running at once. */
  activeLimit: ActiveExecutionLimit;
}

/**
 * Turns start requests into executions, each step once and in order: the request's fingerprint, the idempotency
 * check of an id given twice, the graph check, the tenant's limit, the record, then the placement that runs it.
 */
export class ExecutionStarter {
  /** Starts naming an id, chained so that two requests for one id are answered one after the other. */
  private readonly starting = new Map<string, Promise<StartOutcome>>();
  private open = true;

  constructor(private readonly options: ExecutionStarterOptions) {}

  /** Whether starts are taken (until {@link close}). */
  get accepting(): boolean {
    return this.open;
  }

  /** Refuses every later start with UNAVAILABLE. */
  close(): void {
    this.open = false;
  }

  /**
   * Validates a request and hands its execution to the placement; the record may be written on a later turn. A
   * request naming an execution id that exists answers that execution when it is the same request (an idempotent retry).
   * @throws AppError VALIDATION_FAILED for an invalid graph, input or collect, CONFLICT for an id reused by another request, UNAVAILABLE while shutting down, STORAGE_FULL, LIMIT_REACHED past the tenant's `max_active_executions`
   */
  async start(request: StartRequest, defaults: StartDefaults): Promise<StartOutcome> {
    if (!this.open) throw new AppError('UNAVAILABLE', 'The service is shutting down and accepts no new executions');
    const fingerprint = requestFingerprint(identifyingPart(request));
    const givenId = request.metadata.execution_id;
    if (givenId === undefined) return this.create(this.options.newId(), request, fingerprint, defaults);
    const earlier = this.starting.get(givenId) ?? Promise.resolve(undefined);
    const attempt = earlier.catch(() => undefined).then(() => this.startOnce(givenId, request, fingerprint, defaults));
    this.starting.set(givenId, attempt);
    try {
      return await attempt;
    } finally {
      if (this.starting.get(givenId) === attempt) this.starting.delete(givenId);
    }
  }

  private async startOnce(id: string, request: StartRequest, fingerprint: string, defaults: StartDefaults): Promise<StartOutcome> {
    const existing = this.options.owned.get(id)?.record ?? (await this.options.store.get(id));
    if (existing) {
      // Another tenant's execution is a conflict like any other reuse of its id, and tells nothing more of it.
      if (existing.fingerprint === fingerprint && existing.tenant === defaults.tenant) return { execution: existing, created: false };
      throw new AppError('CONFLICT', `Execution '${id}' already exists with a different request`);
    }
    return this.create(id, request, fingerprint, defaults);
  }

  private create(id: string, request: StartRequest, fingerprint: string, defaults: StartDefaults): Promise<StartOutcome> {
    const { store, compiler, placement, now, storageFull, activeLimit } = this.options;
    const full = storageFull?.();
    if (full !== undefined) throw new AppError('STORAGE_FULL', full);
    const check = checkGraph(request, compiler, this.options.graphComponents, defaults.tenant);
    const { graph, graphJson } = check;
    if (graph === undefined || graphJson === undefined) throw graphError(check);
    checkCollect(request.collect, graph, compiler);
    const stored: StoredRequest = {
      graph_json: graphJson,
      ...(request.graph_fbp === undefined ? {} : { graph_fbp: request.graph_fbp }),
      input: request.input,
      metadata: { ...request.metadata },
      ...(request.collect === undefined ? {} : { collect: request.collect }),
    };
    const record: ExecutionRecord = {
      id,
      status: 'queued',
      workflowId: workflowIdOf(stored),
      source: request.metadata.source ?? defaults.source,
      ...(defaults.deploymentId === undefined ? {} : { deploymentId: defaults.deploymentId }),
      ...(defaults.tenant === undefined ? {} : { tenant: defaults.tenant }),
      nodeId: null,
      fingerprint,
      request: stored,
      result: null,
      createdAt: now(),
      startedAt: null,
      endedAt: null,
    };
    // Counted after the checks, so that an invalid request is answered as such whatever the tenant's load.
    return activeLimit.admit(defaults.tenant, () => {
      store.insert(record);
      placement.place(record, graph, defaults.here === true);
      return { execution: { ...record }, created: true };
    });
  }
}
