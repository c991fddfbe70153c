import { z } from 'zod';

/**
 * A node's retry policy, `metadata.retry` of a graph process: a firing that fails with a matching error runs
 * again with the same inputs after a backoff that doubles each time, up to `max_attempts` in all. Separate from
 * the transport retries an HTTP node makes inside one firing.
 */
export const RetryPolicySchema = z
  .object({
    max_attempts: z.number().int().min(1).max(100).describe('Attempts in all, the first included'),
    backoff_ms: z.number().int().min(0).max(3_600_000).default(1000).describe('The wait before the second attempt; it doubles before each later one'),
    max_backoff_ms: z.number().int().min(0).max(3_600_000).default(60_000).describe('The longest wait between two attempts'),
    on: z
      .array(z.string().min(1).max(128))
      .min(1)
      .max(64)
      .default(['any'])
      .describe("Which failures are retried: 'any', or codes matched against the error's `code`, `kind` or HTTP `status` (such as 'Timeout' or '503')"),
  })
  .strict()
  .describe("A node's retry policy");

/** A node's retry policy, its defaults applied. */
export type RetryPolicy = z.infer<typeof RetryPolicySchema>;
