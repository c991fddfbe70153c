import { ActorError, type JsonObject, errorMessage } from '../../engine';
import { type FetchedResponse } from '../../outbound-http';
import { decodeBody } from '../network/decode-body';
import { type AiVendor, VENDOR_TITLES } from './ai-actor-options';

/** What a failed call is judged against: the run's signal, the call's own (which the node's timeout ends) and the key to keep out of messages. */
export interface CallFrame {
  readonly vendor: AiVendor;
  /** The run's signal: when it is aborted, the run was cancelled. */
  readonly runSignal: AbortSignal;
  /** The call's signal: the run's, ended by the node's timeout too. */
  readonly signal: AbortSignal;
  readonly timeoutMs: number;
  /** The key the call sent; it never appears in a message. */
  readonly apiKey?: string;
}

const MAX_MESSAGE_CHARS = 500;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Text with every occurrence of the key replaced, shortened to a readable length. */
export function redactKey(text: string, apiKey: string | undefined): string {
  const clean = apiKey !== undefined && apiKey.length >= 4 ? text.split(apiKey).join('[REDACTED]') : text;
  return clean.length > MAX_MESSAGE_CHARS ? `${clean.slice(0, MAX_MESSAGE_CHARS)}...` : clean;
}

// Vendors put their sentence in `error.message`, `error` (text), `message` or `detail`; the SDKs keep the body in `error`.
function messageInBody(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim() === '' ? undefined : body;
  if (!isRecord(body)) return undefined;
  for (const key of ['error', 'message', 'detail']) {
    const value = body[key];
    const found = typeof value === 'string' ? value : messageInBody(value);
    if (found !== undefined) return found;
  }
  return undefined;
}

// The SDKs' error messages start with the status and may hold the body as JSON text.
function messageOfSdkError(error: { message?: unknown; error?: unknown }): string {
  const fromBody = messageInBody(error.error);
  if (fromBody !== undefined) return fromBody;
  const text = typeof error.message === 'string' ? error.message.replace(/^\d{3}\s+/, '') : '';
  try {
    return messageInBody(JSON.parse(text)) ?? text;
  } catch {
    return text;
  }
}

function retryAfterOf(headers: unknown): string | undefined {
  if (headers instanceof Headers) return headers.get('retry-after') ?? undefined;
  if (isRecord(headers)) {
    const value = headers['retry-after'];
    return typeof value === 'string' ? value : undefined;
  }
  return undefined;
}

// Fetch and the SDKs hide the socket's or the egress policy's reason in `cause`.
function deepestReason(error: unknown): string {
  let reason = errorMessage(error);
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < 5; depth++) {
    const cause = (current as { cause?: unknown }).cause;
    if (cause !== undefined) reason = errorMessage(cause);
    current = cause;
  }
  return reason;
}

function vendorAnswered(frame: CallFrame, status: number, message: string, retryAfter: string | undefined): ActorError {
  const details: JsonObject = { vendor: frame.vendor, status };
  if (retryAfter !== undefined) details.retryAfter = retryAfter;
  const wait = retryAfter === undefined ? '' : ` (Retry-After: ${retryAfter})`;
  return new ActorError(redactKey(`${VENDOR_TITLES[frame.vendor]} answered HTTP ${status}: ${message}${wait}`, frame.apiKey), details);
}

/**
 * What a failed vendor call becomes: the run's cancel is passed on as it is; the node's timeout, an error
 * answer (with the vendor's own message, its status and any `Retry-After`) and an unreachable service become
 * an {@link ActorError} whose message never holds the key.
 */
export function vendorFailure(frame: CallFrame, error: unknown): unknown {
  if (frame.runSignal.aborted) return frame.runSignal.reason;
  const title = VENDOR_TITLES[frame.vendor];
  if (frame.signal.aborted)
    return new ActorError(`The ${title} call did not finish within ${frame.timeoutMs} ms (the node's timeout)`, {
      vendor: frame.vendor,
      timeoutMs: frame.timeoutMs,
    });
  if (error instanceof ActorError) return error;
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  if (typeof status === 'number' && status >= 400) {
    const sdkError = error as { message?: unknown; error?: unknown; headers?: unknown };
    return vendorAnswered(frame, status, messageOfSdkError(sdkError), retryAfterOf(sdkError.headers));
  }
  return new ActorError(redactKey(`${title} could not be reached: ${deepestReason(error)}`, frame.apiKey), { vendor: frame.vendor });
}

/** The failure of an error answer read whole (the calls made without an SDK). */
export function failedAnswer(frame: CallFrame, response: FetchedResponse): ActorError {
  const body = decodeBody(response.body, response.headers.get('content-type'));
  const message = messageInBody(body) ?? (response.statusText || 'no message');
  return vendorAnswered(frame, response.status, message, response.headers.get('retry-after') ?? undefined);
}
