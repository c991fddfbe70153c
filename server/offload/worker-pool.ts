import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** The functions a pool's workers run: each takes and returns values a worker message can carry. */
export type TaskTable = Record<string, (payload: never) => unknown>;

/** Options of a {@link WorkerPool}. */
export interface WorkerPoolOptions {
  /** Absolute path of the module whose `TASKS` export the workers run (a `.ts` path is loaded through tsx, in development and tests). */
  taskModule: string;
  /** Workers kept. @default min(4, available cores) */
  size?: number;
  /** Heap of one worker, in MB: a task that needs more kills its worker and fails. @default 256 */
  maxHeapMb?: number;
}

interface Job {
  task: string;
  payload: unknown;
  timeoutMs: number;
  signal?: AbortSignal;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

// A task's value, or its error's message with the error's own primitive properties (a parser's line and code).
type WorkerAnswer = { ok: true; value: unknown } | { ok: false; error: string; facts: Record<string, unknown> };

interface Slot {
  worker: Worker;
  job?: Job;
  timer?: NodeJS.Timeout;
}

// The worker's whole program: load the task table, run one task per message (a task may answer a promise),
// answer with its value or its error.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
if (workerData.taskModule.endsWith('.ts')) require('tsx/cjs');
const { TASKS } = require(workerData.taskModule);
parentPort.on('message', ({ task, payload }) => {
  Promise.resolve()
    .then(() => TASKS[task](payload))
    .then(
      (value) => parentPort.postMessage({ ok: true, value }),
      (error) => {
        const facts = {};
        if (error !== null && typeof error === 'object') {
          for (const [key, value] of Object.entries(error)) if (value === null || typeof value !== 'object') facts[key] = value;
        }
        parentPort.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error), facts });
      },
    );
});
`;

/**
 * Runs CPU-heavy pure functions (XPath, math expressions, JSON Schema and pattern checks of user input) on
 * worker threads, so that no single request can stall the event loop that serves every client. A task
 * that passes its time limit, or is cancelled, has its worker terminated and replaced: a catastrophic
 * regular expression or a runaway expression ends there.
 */
export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  /** The signals of unsettled tasks, each with one abort listener however many tasks share it; removed with its last task. */
  private readonly watched = new Map<AbortSignal, { jobs: Set<Job>; onAbort: () => void }>();
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions) {}

  /**
   * Runs `task` with `payload` on a worker.
   * @throws Error with the task's message (and its error's primitive properties) when it throws, or naming the limit it passed; the signal's reason when aborted.
   */
  run<T>(task: string, payload: unknown, limits: { timeoutMs: number; signal?: AbortSignal }): Promise<T> {
    if (this.closed) return Promise.reject(new Error('The worker pool is closed'));
    const { signal } = limits;
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<T>((resolve, reject) => {
      const settled = () => this.unwatch(job);
      const job: Job = {
        task,
        payload,
        timeoutMs: limits.timeoutMs,
        signal,
        resolve: (value) => {
          settled();
          resolve(value as T);
        },
        reject: (error) => {
          settled();
          reject(error);
        },
      };
      this.watch(job);
      this.queue.push(job);
      this.dispatch();
    });
  }

  /** Terminates every worker; queued and running tasks fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('The worker pool is closed'));
    for (const slot of this.slots) {
      clearTimeout(slot.timer);
      slot.job?.reject(new Error('The worker pool is closed'));
      slot.job = undefined;
    }
    await Promise.all(this.slots.splice(0).map((slot) => slot.worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = this.slots.find((candidate) => candidate.job === undefined) ?? this.spawn();
      if (slot === undefined) return;
      const job = this.queue.shift() as Job;
      if (job.signal?.aborted) {
        job.reject(job.signal.reason);
        continue;
      }
      this.start(slot, job);
    }
  }

  private spawn(): Slot | undefined {
    const size = this.options.size ?? Math.min(4, availableParallelism());
    if (this.slots.length >= size) return undefined;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { taskModule: this.options.taskModule },
      resourceLimits: { maxOldGenerationSizeMb: this.options.maxHeapMb ?? 256 },
    });
    const slot: Slot = { worker };
    worker.on('message', (message: WorkerAnswer) =>
      this.finish(slot, message.ok ? { value: message.value } : { error: Object.assign(new Error(message.error), message.facts) }),
    );
    worker.on('error', (error) => this.replace(slot, new Error(/memory/i.test(error.message) ? 'The task ran out of memory' : error.message)));
    worker.on('exit', () => this.replace(slot, new Error('The worker stopped')));
    // Idle workers must not keep the process alive; unref after the listeners, which would ref it again.
    worker.unref();
    this.slots.push(slot);
    return slot;
  }

  private start(slot: Slot, job: Job): void {
    slot.job = job;
    slot.timer = setTimeout(() => this.replace(slot, new Error(`The task took longer than ${job.timeoutMs} ms`)), job.timeoutMs);
    slot.worker.postMessage({ task: job.task, payload: job.payload });
  }

  private finish(slot: Slot, outcome: { value?: unknown; error?: Error }): void {
    const job = slot.job;
    clearTimeout(slot.timer);
    slot.job = undefined;
    if (job !== undefined) {
      if (outcome.error) job.reject(outcome.error);
      else job.resolve(outcome.value);
    }
    this.dispatch();
  }

  private watch(job: Job): void {
    const { signal } = job;
    if (signal === undefined) return;
    let entry = this.watched.get(signal);
    if (entry === undefined) {
      const jobs = new Set<Job>();
      const onAbort = () => {
        this.watched.delete(signal);
        for (const waiting of [...jobs]) this.abort(waiting);
      };
      entry = { jobs, onAbort };
      signal.addEventListener('abort', onAbort, { once: true });
      this.watched.set(signal, entry);
    }
    entry.jobs.add(job);
  }

  private unwatch(job: Job): void {
    const entry = job.signal && this.watched.get(job.signal);
    if (!entry) return;
    entry.jobs.delete(job);
    if (entry.jobs.size > 0) return;
    job.signal!.removeEventListener('abort', entry.onAbort);
    this.watched.delete(job.signal!);
  }

  // A task cancelled while it waits leaves the queue; one cancelled while it runs takes its worker down with it.
  private abort(job: Job): void {
    const reason = job.signal?.reason as Error;
    const waiting = this.queue.indexOf(job);
    if (waiting !== -1) {
      this.queue.splice(waiting, 1);
      job.reject(reason);
      return;
    }
    const slot = this.slots.find((candidate) => candidate.job === job);
    if (slot !== undefined) this.replace(slot, reason);
  }

  // A worker that ran too long, was cancelled, crashed or ran out of memory is dropped; a new one takes its place on demand.
  private replace(slot: Slot, error: Error): void {
    const index = this.slots.indexOf(slot);
    if (index === -1) return;
    this.slots.splice(index, 1);
    clearTimeout(slot.timer);
    void slot.worker.terminate();
    const job = slot.job;
    slot.job = undefined;
    job?.reject(error);
    if (!this.closed) this.dispatch();
  }
}
