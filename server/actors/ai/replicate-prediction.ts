import { type JsonObject, type JsonValue, isJsonObject } from '../../engine';
import { type RetryPolicy, fetchWithRetry, retryPolicy, wait } from '../../outbound-http';
import { decodeBody } from '../network/decode-body';
import { API_CALL_TIMEOUT_MS } from '../network/network-actor-options';
import { type VendorCall } from './vendor-call';
import { failedAnswer } from './vendor-failure';

/** A prediction as the Replicate API describes it. */
export interface Prediction extends JsonObject {
  id: string;
  status: string;
}

/** The statuses after which a prediction no longer changes. */
export const FINAL_STATUSES: readonly string[] = ['succeeded', 'failed', 'canceled'];

/** `owner/name`, optionally followed by `:version`. */
export const MODEL_ID = /^([\w.-]+)\/([\w.-]+)(?::([\w.-]+))?$/;

/** Where a prediction of a model is created: a version's own endpoint, or the model's (its latest version). */
export function creationOf(modelId: string, version: string | undefined, input: JsonObject): { path: string; body: JsonObject } {
  const [, owner, name, inline] = MODEL_ID.exec(modelId.trim()) ?? [];
  const chosen = version === undefined || version === 'latest' ? inline : version;
  if (chosen !== undefined) return { path: '/predictions', body: { version: chosen, input } };
  return { path: `/models/${encodeURIComponent(owner)}/${encodeURIComponent(name)}/predictions`, body: { input } };
}

async function requestJson(
  call: VendorCall,
  method: string,
  path: string,
  body: JsonValue | undefined,
  policy: RetryPolicy,
  signal: AbortSignal,
): Promise<JsonObject> {
  const headers = new Headers({ authorization: `Bearer ${call.apiKey}`, accept: 'application/json' });
  if (body !== undefined) headers.set('content-type', 'application/json');
  const response = await fetchWithRetry(
    { url: new URL(`${call.baseUrl}${path}`), method, headers, body: body === undefined ? undefined : JSON.stringify(body) },
    { timeoutMs: Math.min(call.timeoutMs, API_CALL_TIMEOUT_MS), followRedirects: true, signal, policy, egress: call.egress },
  );
  if (response.status >= 400) throw failedAnswer(call, response);
  const answer = decodeBody(response.body, response.headers.get('content-type'));
  if (!isJsonObject(answer)) throw new Error(`${method} ${path} answered no JSON object`);
  return answer;
}

function asPrediction(answer: JsonObject): Prediction {
  if (typeof answer.id !== 'string' || typeof answer.status !== 'string') throw new Error('the answer is no prediction (it has no id and status)');
  return answer as Prediction;
}

/**
 * Creates a prediction. Only a 429 is retried: the request was refused before anything started, whereas after
 * a 5xx a prediction may exist (and cost) already.
 */
export async function createPrediction(call: VendorCall, creation: { path: string; body: JsonObject }): Promise<Prediction> {
  const policy: RetryPolicy = { ...call.policy, retryOn: (status) => status === 429 };
  return asPrediction(await requestJson(call, 'POST', creation.path, creation.body, policy, call.signal));
}

/** Polls a prediction every `intervalMs` until its status is final; `onPoll` counts the polls. */
export async function pollPrediction(call: VendorCall, prediction: Prediction, intervalMs: number, onPoll: () => void): Promise<Prediction> {
  let current = prediction;
  while (!FINAL_STATUSES.includes(current.status)) {
    await wait(intervalMs, call.signal);
    onPoll();
    current = asPrediction(await requestJson(call, 'GET', `/predictions/${encodeURIComponent(current.id)}`, undefined, call.policy, call.signal));
  }
  return current;
}

/** How long cancelling a prediction may take once its call has ended. */
const CANCEL_LIMIT_MS = 5_000;

/** Asks Replicate to cancel a prediction the node gave up on, so that it stops costing; a failure to cancel is ignored. */
export async function cancelPrediction(call: VendorCall, id: string): Promise<void> {
  const policy = retryPolicy({ attempts: 1 });
  await requestJson(call, 'POST', `/predictions/${encodeURIComponent(id)}/cancel`, undefined, policy, AbortSignal.timeout(CANCEL_LIMIT_MS)).catch(
    () => undefined,
  );
}
