import { tracingChannel } from 'node:diagnostics_channel';

/**
 * One attempt of an outbound call, as the {@link OUTBOUND_ATTEMPTS} channel publishes it. A subscriber of its
 * `start` event may add headers to `call.headers` (a trace's `traceparent`): the attempt sends them.
 */
export interface OutboundAttempt {
  /** The call (`HttpCall`) the attempt sends. */
  readonly call: { readonly url: URL; readonly method: string; readonly headers: Headers };
  /** 1 for the first attempt, counting up with the retries. */
  readonly attempt: number;
  /** The response (a `FetchedResponse`), set before `asyncEnd` when the attempt got one. */
  result?: { readonly status: number };
  /** Why the attempt got no response, set before `error`. */
  error?: unknown;
}

/** The name of the diagnostics channel that every attempt of `fetchWithRetry` is traced on. */
const OUTBOUND_ATTEMPTS = 'wes:outbound-http:attempt';

/**
 * The tracing channel of outbound attempts: it costs one check per attempt while nothing subscribes, and lets a
 * tracer see each attempt start and end in the caller's asynchronous context without the client knowing it.
 */
export const outboundAttempts = tracingChannel<unknown, OutboundAttempt>(OUTBOUND_ATTEMPTS);
