import { type Redis } from 'ioredis';
import { type ExecutionService } from '../executions';
import { type ExecutionStore } from '../storage';
import { type Logger } from '../logger';

/** What {@link NodeLeases} is built from. */
export interface NodeLeasesOptions {
  namespace: string;
  nodeId: string;
  redis: Redis;
  store: ExecutionStore;
  service: ExecutionService;
  /** A node whose lease is this old is taken for stopped. */
  failureTimeoutMs: number;
  /** Dispatches an execution again: it runs on this node when a slot is free, else is queued (one job per execution). */
  redispatch: (executionId: string) => void;
  logger: Logger;
  now?: () => number;
}

/**
 * Finds the nodes of a cluster that stopped. Each node holds a lease, a Redis key that expires after the failure
 * timeout unless renewed (every third of it); every node also checks, as often, the nodes that have executions
 * running: one whose lease is gone has stopped (a kill, a crash, a network cut longer than the timeout), and
 * its running executions are taken over: resumed by the node that adopts each first, or marked failed with "node
 * <id> stopped" when they do not resume. The store's conditional adopt and conclude make the checks of several
 * nodes take each execution once. A node that stalled past the timeout finds, at its next beat, the runs taken from
 * it, and stops them. Executions still queued long after they were written are dispatched again, for the case of a
 * node that stopped between writing an execution and queuing it, or between writing one it was to run itself (with
 * no job) and claiming it; the claim lets one node run it however often it is dispatched.
 */
export class NodeLeases {
  private timer: NodeJS.Timeout | undefined;
  private checking = false;
  private readonly now: () => number;

  constructor(private readonly options: NodeLeasesOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Takes this node's lease and starts renewing it and checking the others. */
  async start(): Promise<void> {
    await this.renew();
    const every = Math.max(250, Math.floor(this.options.failureTimeoutMs / 3));
    this.timer = setInterval(() => void this.beat(), every);
    this.timer.unref();
  }

  /** Stops renewing; with `release`, gives the lease up at once (a clean stop: this node's runs are ended already). */
  async stop(release: boolean): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    if (release) await this.options.redis.del(this.keyOf(this.options.nodeId)).catch(() => undefined);
  }

  /** Checks every node that has executions running now, taking over the runs of those whose lease is gone; returns how many runs it took. */
  async check(): Promise<number> {
    if (this.checking) return 0;
    this.checking = true;
    try {
      const unfinished = await this.options.store.listUnfinished();
      const nodes = new Set<string>();
      const stale = this.now() - this.options.failureTimeoutMs;
      for (const record of unfinished) {
        if (record.status === 'running' && record.nodeId !== null && record.nodeId !== this.options.nodeId) nodes.add(record.nodeId);
        if (record.status === 'queued' && record.createdAt < stale) this.options.redispatch(record.id);
      }
      let taken = 0;
      for (const nodeId of nodes) {
        if ((await this.options.redis.exists(this.keyOf(nodeId))) === 1) continue;
        const { resumed, failed } = await this.options.service.recoverRunsOf(nodeId);
        if (resumed + failed > 0) this.options.logger.warn({ stopped_node: nodeId, resumed, failed }, 'A node stopped: its running executions are taken over');
        taken += resumed + failed;
      }
      return taken;
    } finally {
      this.checking = false;
    }
  }

  private keyOf(nodeId: string): string {
    return `${this.options.namespace}:lease:${nodeId}`;
  }

  private async renew(): Promise<void> {
    await this.options.redis.set(this.keyOf(this.options.nodeId), String(this.now()), 'PX', this.options.failureTimeoutMs);
  }

  private async beat(): Promise<void> {
    try {
      await this.renew();
      const suspended = await this.options.service.suspendTakenOver();
      if (suspended > 0) this.options.logger.warn({ suspended }, 'This node stalled past the failure timeout: the runs other nodes took over meanwhile are stopped here');
      await this.check();
    } catch (error) {
      this.options.logger.error({ err: error }, 'Could not renew the node lease or check the other nodes');
    }
  }
}
