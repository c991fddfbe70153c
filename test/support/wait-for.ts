/** Polls a condition until it holds, or fails after `timeoutMs`. */
export async function waitFor(condition: () => boolean | Promise<boolean>, { timeoutMs = 5000, intervalMs = 10, what = 'condition' } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
