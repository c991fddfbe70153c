import { type JsonObject, type JsonValue } from '../../engine';

/**
 * The HTTP answer a Server Response node gives: status, headers and a body that is text, or bytes written as
 * base64 (`bodyEncoding`), so that the answer is plain JSON wherever it travels.
 */
export interface HookAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly bodyEncoding: 'utf8' | 'base64';
  /** Whether the body may be compressed for a client that accepts it. */
  readonly compress: boolean;
}

/**
 * Takes the answer for the request that started an execution: an answer of the workflow's, or a refusal of the
 * request as invalid (answered 400 in the service's envelope). Each returns false when no request waits for that
 * execution (a one-off run, or an answer already given).
 */
export interface HookAnswerSink {
  answer(executionId: string, answer: HookAnswer): boolean;
  refuse(executionId: string, message: string, details: readonly { path: string; message: string }[]): boolean;
}

/** The metadata key under which an execution started by an HTTP request carries that request. */
export const HTTP_REQUEST_METADATA_KEY = 'http_request';

/** The request packet a Server Request node emits: what the caller sent, its body read per `dataFormat`. */
export interface HookRequest extends JsonObject {
  method: string;
  path: string;
  query: JsonObject;
  headers: JsonObject;
  body: JsonValue;
}
