import { extname, join } from 'node:path';
import { WorkerPool } from '../offload';
import { type HeavyTask, type TASKS } from './heavy-tasks';

/** How long one heavy task may take, unless its caller says otherwise, before its worker is terminated. */
const HEAVY_TASK_TIMEOUT_MS = 10_000;

/** Text longer than this is parsed on a worker; shorter text is parsed in place, where a round trip would cost more than the parse. */
export const LARGE_TEXT_CHARS = 256 * 1024;

let pool: WorkerPool | undefined;

/**
 * Runs one of the actors' heavy tasks on the shared worker pool (created on first use), within `timeoutMs`
 * (default {@link HEAVY_TASK_TIMEOUT_MS}) and the run's signal.
 * @throws Error with the task's own message, or naming the time limit it passed.
 */
export function runHeavy<T extends HeavyTask>(
  task: T,
  payload: Parameters<(typeof TASKS)[T]>[0],
  limits: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<Awaited<ReturnType<(typeof TASKS)[T]>>> {
  pool ??= new WorkerPool({ taskModule: join(__dirname, `heavy-tasks${extname(__filename)}`) });
  return pool.run(task, payload, { timeoutMs: limits.timeoutMs ?? HEAVY_TASK_TIMEOUT_MS, signal: limits.signal });
}
