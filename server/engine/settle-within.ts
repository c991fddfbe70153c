/** Waits until every promise settled or `ms` passed, whichever comes first; never rejects. */
export function settleWithin(promises: readonly PromiseLike<unknown>[], ms: number): Promise<void> {
  if (promises.length === 0) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    void Promise.allSettled(promises).then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
