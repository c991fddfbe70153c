import { type JsonValue } from '../engine';

/** One HTTP request of an actor, sent through {@link ActorHttp}. */
export interface ActorHttpRequest {
  /** The http(s) URL to request. */
  url: string | URL;
  /** @default 'GET' */
  method?: string;
  /** Header names to values. */
  headers?: Readonly<Record<string, string>>;
  /** The body: text is sent as it is, any other JSON value as JSON (with `content-type: application/json` unless a header sets one). */
  body?: JsonValue;
  /** Limit of one attempt, reading the body included, in ms; the service caps it with `max_http_timeout_ms`. @default 30000 */
  timeoutMs?: number;
  /** Attempts after the first one on network errors, timeouts, 408, 429 and 5xx. Leave it at 0 for a request that must not be sent twice. @default 0 */
  retries?: number;
}

/** A complete response: its status line, headers (names in lower case), final URL and body as text. */
export interface ActorHttpResponse {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  url: string;
  body: string;
}

/**
 * The service's HTTP client, as an actor sees it in `ctx.http`: requests are aborted when the run stops, pass
 * the service's egress policy (`egress_deny`, `egress_allow`) and its time limit, and their bodies are bounded.
 * Resolves with the response whatever its status; rejects when no attempt got one.
 */
export interface ActorHttp {
  request(request: ActorHttpRequest): Promise<ActorHttpResponse>;
}
