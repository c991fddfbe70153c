import { type Worker } from 'bullmq';

/** The part of BullMQ's Worker that wakes its main loop, which is what its own `resume()` does after a pause. */
interface WakeableWorker {
  mainLoopQueue?: { add(promise: Promise<unknown>): void } | null;
}

/**
 * Sets how many jobs a BullMQ worker holds at once. A lowered number holds from the worker's next fetch; a raised
 * one is read by BullMQ only when one of the worker's jobs ends, so the worker is woken to fetch at once: otherwise
 * jobs would wait in the queue behind a long run while this node has slots free.
 */
export function setWorkerConcurrency(worker: Worker, concurrency: number): void {
  if (concurrency === worker.concurrency) return;
  const raised = concurrency > worker.concurrency;
  worker.concurrency = concurrency;
  if (raised) (worker as unknown as WakeableWorker).mainLoopQueue?.add(Promise.resolve());
}
