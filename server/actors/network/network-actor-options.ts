import { EgressPolicy, type RetryPolicy } from '../../outbound-http';

/** What the network actor factories let a caller change: the backoff timings and the body bound. */
export interface NetworkActorOptions {
  /** Fields of the retry policy to change (the attempts always come from the node's own setting). @default DEFAULT_RETRY_POLICY */
  policy?: Partial<RetryPolicy>;
  /** @default MAX_RESPONSE_BYTES (10 MiB) */
  maxBodyBytes?: number;
  /** What requests may reach. @default the default policy (link-local and unspecified addresses refused) */
  egress?: EgressPolicy;
  /** The longest a node's `timeout` can make one attempt wait, in ms. @default DEFAULT_MAX_REQUEST_TIMEOUT_MS */
  maxTimeoutMs?: number;
}

export { DEFAULT_MAX_REQUEST_TIMEOUT_MS } from '../../../model';

/** The policy of network actors built without one: the built-in denials only. */
export const DEFAULT_EGRESS = new EgressPolicy();

/** Limit of one attempt of the GraphQL and JSON-RPC actors, whose templates have no timeout property. */
export const API_CALL_TIMEOUT_MS = 30_000;

/** Retries of a GraphQL query (never of a mutation, nor of a JSON-RPC call: they may not be idempotent). */
export const QUERY_RETRY_COUNT = 2;
