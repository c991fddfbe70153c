import { type VendorNodeOutcome } from '../support/run-vendor-node';

export { runVendorNode as runAiNode, validationIssues, everythingSaid } from '../support/run-vendor-node';

/** Backoff steps short enough for tests; the attempts stay the AI policy's. */
export const FAST_RETRIES = { baseMs: 5, maxMs: 20 };

/** The one error message of a failed run. */
export function failure(outcome: VendorNodeOutcome): string {
  expect(outcome.result.success).toBe(false);
  return outcome.result.errors.map((error) => error.message).join('\n');
}
