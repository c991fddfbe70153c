import { type RetryPolicy } from './retry-policy';

/** What the network actor factories let a caller change: the backoff timings and the body bound. */
export interface NetworkActorOptions {
  /** @default DEFAULT_RETRY_POLICY */
  policy?: RetryPolicy;
  /** @default MAX_RESPONSE_BYTES (10 MiB) */
  maxBodyBytes?: number;
}

/** Limit of one attempt of the GraphQL and JSON-RPC actors, whose templates have no timeout property. */
export const API_CALL_TIMEOUT_MS = 30_000;

/** Retries of a GraphQL query (never of a mutation, nor of a JSON-RPC call: they may not be idempotent). */
export const QUERY_RETRY_COUNT = 2;
