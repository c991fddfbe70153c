import { setTimeout as delay } from 'node:timers/promises';

/** Waits `ms` milliseconds, or rejects with the signal's reason as soon as it is aborted; the timer never keeps the process alive. */
export async function wait(ms: number, signal: AbortSignal): Promise<void> {
  try {
    await delay(ms, undefined, { signal, ref: false });
  } catch (error) {
    throw signal.aborted ? signal.reason : error;
  }
}
