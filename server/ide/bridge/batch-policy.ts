/**
 * How many of a session's pending events to send now: a full batch as soon as one is waiting; when
 * `urgent` (the flush interval has passed, the run has ended, or the bridge is closing) whatever is
 * pending, up to a batch; otherwise none yet.
 */
export function batchToSend(pending: number, batchSize: number, urgent: boolean): number {
  if (pending >= batchSize) return batchSize;
  return urgent ? pending : 0;
}
