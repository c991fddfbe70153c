import { Queue, Worker } from 'bullmq';
import { type Redis } from 'ioredis';
import { type RunDispatcher, type RunHere } from '../executions';
import { type Logger } from '../logger';
import { type ClusterRedisRole } from './cluster-redis';
import { RunSlots } from './run-slots';
import { setWorkerConcurrency } from './worker-concurrency';

/** What a {@link ClusterDispatcher} is built from. */
export interface ClusterDispatcherOptions {
  /** Names the queue and prefixes every key of it. */
  namespace: string;
  /** Makes a Redis connection of a role; the queue and the worker each hold their own. */
  connect: (role: ClusterRedisRole) => Redis;
  /** Executions this node runs at once. */
  concurrency: number;
  /** How long a job a stopped node held stays with it before another node may take it (BullMQ's lock and stalled check each take half). */
  failureTimeoutMs: number;
  /** Resolves once everything queued for writing on this node's store is written: a job never names an execution its runner cannot read yet. */
  written: () => Promise<void>;
  logger: Logger;
}

// Execution ids are free text (up to 128 characters); BullMQ reserves ':' in job ids.
const jobIdOf = (executionId: string): string => Buffer.from(executionId).toString('base64url');
const executionIdOf = (jobId: string): string => Buffer.from(jobId, 'base64url').toString();

/** How often the number of waiting jobs is read again for the queued gauge. */
const QUEUED_SAMPLE_MS = 1000;

/**
 * The dispatcher of a cluster node: executions are jobs of one BullMQ queue named by the namespace, and every
 * node is a worker of it. An execution dispatched on this node that finds a free slot once its record is written
 * runs here at once, with no job: the queue is for what this node cannot run now, and other nodes take it.
 * Runs started here and jobs share the node's slots ({@link RunSlots}), and the worker holds at most the slots those
 * runs leave, so that the node never runs more than its concurrency. The job id is derived from the execution id, so
 * an execution is queued once however often it is dispatched. Neither a job nor a run started here decides alone:
 * the store's claim lets one node run the execution (a job taken again after its node died finds the execution
 * already claimed and ends at once).
 */
export class ClusterDispatcher implements RunDispatcher {
  readonly local = false;
  private readonly queue: Queue;
  private readonly connections: Redis[] = [];
  private readonly slots: RunSlots;
  private worker: Worker | undefined;
  private runHere: RunHere | undefined;
  /** Runs started here without a job, each holding a slot: the worker holds at most the slots they leave. */
  private startedHere = 0;
  private closed = false;
  private queued = 0;
  private sampler: NodeJS.Timeout | undefined;
  /** Executions written and waiting for the end of the turn to be queued together. */
  private toQueue = new Set<string>();

  constructor(private readonly options: ClusterDispatcherOptions) {
    this.slots = new RunSlots(options.concurrency);
    this.queue = new Queue(options.namespace, { connection: this.connection('commands'), prefix: options.namespace });
    this.queue.on('error', (error) => options.logger.error({ err: error }, 'The execution queue failed'));
  }

  open(runHere: RunHere): void {
    this.runHere = runHere;
    this.worker = new Worker(
      this.options.namespace,
      async (job) => {
        // A job fetched while runs started here took the slots the worker had waits for the next one to free.
        await this.slots.take();
        try {
          await runHere((job.data as { executionId: string }).executionId);
        } finally {
          this.slots.release();
        }
      },
      {
        connection: this.connection('worker'),
        prefix: this.options.namespace,
        concurrency: this.options.concurrency,
        lockDuration: Math.ceil(this.options.failureTimeoutMs / 2),
        stalledInterval: Math.ceil(this.options.failureTimeoutMs / 2),
        // A job is taken again each time its node stops; only its execution's claim decides whether it runs.
        maxStalledCount: 10,
      },
    );
    this.worker.on('error', (error) => this.options.logger.error({ err: error }, 'The execution queue worker failed'));
    // Failed jobs are removed (a job id must be free for the execution to be queued again): the log keeps why.
    this.worker.on('failed', (job, error) =>
      this.options.logger.error(
        { err: error, execution_id: job ? (job.data as { executionId: string }).executionId : undefined, job_id: job?.id, attempts: job?.attemptsMade },
        `An execution's job failed: ${error.message}`,
      ),
    );
    this.worker.on('stalled', (jobId) =>
      this.options.logger.warn({ execution_id: executionIdOf(jobId), job_id: jobId }, "An execution's job stalled (its node stopped renewing its lock): it is queued again"),
    );
    this.sampleQueued();
  }

  /** Runs the execution here, with `runHere` when given, if a slot is free once it is written; else queues it. */
  dispatch(executionId: string, runHere?: () => Promise<void>): void {
    this.options.written().then(
      () => {
        const opened = this.runHere;
        if (opened !== undefined && !this.closed && this.slots.tryTake()) this.startHere(executionId, runHere ?? (() => opened(executionId)));
        else this.queueSoon(executionId);
      },
      (error: unknown) => this.options.logger.error({ err: error, executionId }, 'Could not queue an execution'),
    );
  }

  withdraw(executionId: string): void {
    if (this.toQueue.delete(executionId)) return;
    // A job that a worker holds cannot be removed; its run then finds the execution cancelled.
    this.queue.remove(jobIdOf(executionId)).catch(() => undefined);
  }

  // The slot is taken and the record written: the run claims the execution. Until that claim the record is queued
  // with no job: were this node to stop meanwhile, the lease checks of the others dispatch it again once it is older
  // than the failure timeout. A run that could not start here (the claim failed) is queued.
  private startHere(executionId: string, runHere: () => Promise<void>): void {
    this.startedHere += 1;
    this.fitWorker();
    runHere()
      .catch((error: unknown) => {
        this.options.logger.error({ err: error, execution_id: executionId }, `An execution could not run here, it is queued: ${(error as Error).message}`);
        this.queueSoon(executionId);
      })
      .finally(() => {
        this.slots.release();
        this.startedHere -= 1;
        this.fitWorker();
      });
  }

  /** Lets the worker hold the slots that runs started here leave (at least one: BullMQ's least). */
  private fitWorker(): void {
    if (this.worker) setWorkerConcurrency(this.worker, Math.max(1, this.slots.size - this.startedHere));
  }

  // The executions of one commit are written at once: their jobs are added at the end of the turn, in one round
  // trip to Redis (a MULTI of BullMQ's add scripts) rather than one each.
  private queueSoon(executionId: string): void {
    this.toQueue.add(executionId);
    if (this.toQueue.size > 1) return;
    setImmediate(() => {
      const ids = [...this.toQueue];
      this.toQueue = new Set();
      const jobs = ids.map((executionId) => ({ name: 'run', data: { executionId }, opts: { jobId: jobIdOf(executionId), removeOnComplete: true, removeOnFail: true } }));
      this.queue.addBulk(jobs).catch((error: unknown) => this.options.logger.error({ err: error, executionIds: ids }, 'Could not queue executions'));
    });
  }

  /**
   * `queued` is the cluster's waiting jobs as this node last read them (within a second), the same on every node,
   * plus the jobs this node holds waiting for a slot; `running` counts runs started here and jobs alike.
   */
  load(): { queued: number; running: number } {
    return { queued: this.queued + this.slots.waiting, running: this.slots.running };
  }

  async unavailableReason(): Promise<string | undefined> {
    try {
      await withTimeout(this.connections[0].ping(), 2000);
      return undefined;
    } catch (error) {
      return `Redis is unreachable: ${(error as Error).message}`;
    }
  }

  /** Stops taking jobs and starting runs here; the runs of this node go on, and their jobs end with them. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.sampler);
    this.sampler = undefined;
    await this.worker?.pause(true);
  }

  /** Closes the worker (once the runs of this node have ended), the queue and the connections. */
  async dispose(): Promise<void> {
    clearTimeout(this.sampler);
    this.sampler = undefined;
    await this.worker?.close();
    await this.queue.close();
    await Promise.all(this.connections.map((connection) => connection.quit().catch(() => connection.disconnect())));
  }

  /** Reads the waiting jobs now and again every {@link QUEUED_SAMPLE_MS}; a failed read keeps the last number. */
  private sampleQueued(): void {
    this.sampler = setTimeout(() => {
      this.queue
        .getWaitingCount()
        .then((count) => (this.queued = count))
        .catch(() => undefined)
        .finally(() => {
          if (this.sampler !== undefined) this.sampleQueued();
        });
    }, QUEUED_SAMPLE_MS);
    this.sampler.unref();
  }

  private connection(role: ClusterRedisRole): Redis {
    const connection = this.options.connect(role);
    this.connections.push(connection);
    return connection;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error as Error);
      },
    );
  });
}
