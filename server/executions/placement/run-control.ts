import { type ConfigUpdateOutcome, type JsonObject } from '../../engine';
import { AppError } from '../../errors';
import { isTerminalStatus } from '../../../model';
import { type ExecutionRecord } from '../execution-record';
import { type ExecutionStore } from '../../storage';
import { type StoredEnding } from '../recovery/stored-ending';
import { type ExecutionRun } from '../run/execution-run';
import { type PeerNodes } from './peer-nodes';
import { type RunDispatcher } from './run-dispatcher';

/** What a {@link RunControl} works with. */
export interface RunControlOptions {
  store: ExecutionStore;
  owned: ReadonlyMap<string, ExecutionRun>;
  dispatcher: RunDispatcher;
  endings: StoredEnding;
  nodeId: string;
  peers?: PeerNodes;
  /** @throws AppError NOT_FOUND */
  get: (id: string) => Promise<ExecutionRecord>;
}

/**
 * Cancels executions and updates the configuration of their nodes wherever they are: a queued one is taken back
 * and ended at once, a run of this node is told directly, a run of another node of a cluster through that node.
 */
export class RunControl {
  constructor(private readonly options: RunControlOptions) {}

  /**
   * Cancels a queued or running execution and waits until it has stopped; a `reason` is kept in its result's errors.
   * @throws AppError NOT_FOUND, or CONFLICT when it has already finished (its state is left as it was)
   */
  async cancel(id: string, reason?: string): Promise<ExecutionRecord> {
    const { get, dispatcher, endings } = this.options;
    const record = await get(id);
    if (isTerminalStatus(record.status)) {
      throw new AppError('CONFLICT', `Execution '${id}' has already finished with status '${record.status}'`);
    }
    if (record.status === 'queued') {
      dispatcher.withdraw(id);
      // A node claimed it meanwhile when this fails: it is running now, and is stopped as a running one.
      if (await endings.cancelQueued(id, reason ?? 'Execution cancelled before it started')) return get(id);
    }
    await this.stop(id, reason);
    const after = await get(id);
    if (after.status !== 'cancelled') throw new AppError('CONFLICT', `Execution '${id}' finished with status '${after.status}' before it could be cancelled`);
    return after;
  }

  /** Cancels a run of this node, for a cancel asked on another node; resolves once it has stopped and its end is written. */
  async cancelHere(id: string, reason: string | undefined): Promise<void> {
    await this.options.owned.get(id)?.cancel(reason);
    await this.options.store.written();
  }

  /**
   * Sends a new configuration to one node of a running execution, wherever it runs.
   * @throws AppError NOT_FOUND (execution or node), CONFLICT when not running, VALIDATION_FAILED when the actor's schema rejects it
   */
  async updateNodeConfig(id: string, nodeId: string, config: JsonObject): Promise<void> {
    const outcome = await this.configOutcome(id, nodeId, config);
    if (outcome.ok) return;
    if (outcome.reason === 'unknown-node') throw new AppError('NOT_FOUND', `Node '${nodeId}' not found in execution '${id}'`);
    if (outcome.reason === 'not-running') throw new AppError('CONFLICT', `Execution '${id}' is no longer running`);
    throw new AppError('VALIDATION_FAILED', `Invalid configuration for node '${nodeId}': ${outcome.issues.join('; ')}`, {
      details: outcome.issues.map((message) => ({ path: 'config', message })),
    });
  }

  /** Gives one node of a run of this node a new configuration, for an update asked on another node. */
  updateNodeConfigHere(id: string, nodeId: string, config: JsonObject): ConfigUpdateOutcome {
    const run = this.options.owned.get(id);
    return run ? run.updateNodeConfig(nodeId, config) : { ok: false, reason: 'not-running', issues: [] };
  }

  // A run claimed by this node has its network from the turn its claim resolved; one claimed elsewhere is asked
  // to stop through its node.
  private async stop(id: string, reason: string | undefined): Promise<void> {
    const { owned, get, nodeId, peers } = this.options;
    const run = owned.get(id);
    if (run?.started) return run.cancel(reason);
    const record = await get(id);
    if (record.status !== 'running' || record.nodeId === null) return;
    if (record.nodeId === nodeId) {
      await new Promise((resolve) => setImmediate(resolve));
      return owned.get(id)?.cancel(reason);
    }
    if (peers) await peers.cancel(record.nodeId, id, reason);
  }

  private async configOutcome(id: string, graphNodeId: string, config: JsonObject): Promise<ConfigUpdateOutcome> {
    const { owned, get, nodeId, peers } = this.options;
    const run = owned.get(id);
    if (run?.started) return run.updateNodeConfig(graphNodeId, config);
    const record = await get(id);
    if (record.status !== 'running') throw new AppError('CONFLICT', `Execution '${id}' is ${record.status}, not running`);
    if (record.nodeId !== null && record.nodeId !== nodeId && peers) return peers.updateNodeConfig(record.nodeId, id, graphNodeId, config);
    return { ok: false, reason: 'not-running', issues: [] };
  }
}
