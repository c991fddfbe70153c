import { extname, join } from 'node:path';
import { WorkerPool } from '../../offload';

/**
 * How long checking one held text may take. Parsing the largest a sandbox lets out (8 MiB) takes tens of
 * milliseconds; the bound is wide because a busy machine may start a thread slowly.
 */
const CHECK_TIMEOUT_MS = 60_000;

let pool: WorkerPool | undefined;

/**
 * Checks on a worker thread that a text held out of a sandbox's answer is JSON, and answers its UTF-8 size.
 * The threads are their own (created on first use): they load only the check, not the actors' heavy
 * libraries, so they start at once and take little memory.
 * @throws SyntaxError when the text is not JSON; the signal's reason when it aborts
 */
export function checkHeldText(text: string, signal?: AbortSignal): Promise<number> {
  pool ??= new WorkerPool({ taskModule: join(__dirname, `held-text-tasks${extname(__filename)}`) });
  return pool.run<number>('jsonTextBytes', { text }, { timeoutMs: CHECK_TIMEOUT_MS, signal });
}
