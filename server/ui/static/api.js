// The service's public HTTP API, as the page uses it: every call carries the tab's token and unwraps the envelope.

import { readToken } from './token-store.js';

/** The API's root, relative to the page (`/ui/` is one level below it), so a path prefix of a proxy is kept. */
export const API_ROOT = new URL('../', document.baseURI);

/**
 * A failed call: the HTTP status, the envelope's `code`, its message, for a 429 the seconds to wait (Retry-After),
 * and for a 403 the scope the token lacks.
 */
export class ApiError extends Error {
  constructor(status, code, message, retryAfterSeconds = undefined, scope = undefined) {
    super(message);
    this.status = status;
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
    this.scope = scope;
  }
}

/** The scope a FORBIDDEN envelope names in its details. */
function scopeOf(envelope) {
  return envelope?.code === 'FORBIDDEN' ? envelope.details?.find((detail) => detail.path === 'scope')?.message : undefined;
}

/** The seconds an answer's Retry-After asks to wait, or undefined when it names none. */
export function retryAfterOf(response) {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

/** The headers every call sends: the bearer token when the tab has one. */
export function authHeaders() {
  const token = readToken();
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** Explains a failed answer in words a user can act on. */
function explain(status, envelope) {
  if (status === 401) return 'This server needs an API token: enter one at the top right.';
  if (status === 429) return 'This address has sent the server as many requests as it takes in a minute.';
  if (status === 403) {
    const scope = scopeOf(envelope);
    return `This token may not do that: it lacks the '${scope ?? 'needed'}' scope (a read-only token can watch runs, not start or cancel them). Enter a token that has it at the top right.`;
  }
  return envelope?.error ?? `The server answered ${status}.`;
}

async function call(method, path, body) {
  const headers = { accept: 'application/json', ...authHeaders() };
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response;
  try {
    response = await fetch(new URL(path, API_ROOT), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (error) {
    throw new ApiError(0, 'NETWORK', `The server cannot be reached (${error.message}).`);
  }
  const envelope = await response.json().catch(() => undefined);
  if (!response.ok || envelope?.success !== true) {
    throw new ApiError(
      response.status,
      envelope?.code ?? 'HTTP',
      explain(response.status, envelope),
      response.status === 429 ? retryAfterOf(response) : undefined,
      scopeOf(envelope),
    );
  }
  return envelope.data;
}

const item = (id) => `workflows/${encodeURIComponent(id)}`;

/** One page of executions, newest first: `{items, next_cursor}`; `query` holds status, workflow_id, limit, cursor. */
export function listExecutions(query) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, String(value));
  return call('GET', `workflows?${params}`);
}

/** An execution's status, times and result. */
export function getExecution(id) {
  return call('GET', item(id));
}

/** The request an execution was started with: its graph (FBP JSON), input and metadata. */
export function getExecutionRequest(id) {
  return call('GET', `${item(id)}/request`);
}

/** Cancels a queued or running execution. */
export function cancelExecution(id) {
  return call('POST', `${item(id)}/cancel`);
}

/** Starts an execution; resolves with `{execution_id}`. */
export function startExecution(request) {
  return call('POST', 'workflows', request);
}

/** The body that runs an execution again: the same graph, input and metadata, under a new id. */
export function rerunRequest(stored, executionId) {
  // A new id is generated, the source is this page's (HTTP); the rest of the metadata is kept, with a link back.
  const { execution_id: _id, source: _source, ...metadata } = stored.metadata ?? {};
  return { graph_json: stored.graph_json, input: stored.input ?? {}, metadata: { ...metadata, rerun_of: executionId } };
}

/** The URL of an execution's event stream. */
export function eventsUrl(id) {
  return new URL(`${item(id)}/events`, API_ROOT);
}
