import { type JsonObject } from '../../engine';
import { decodeBody } from './decode-body';
import { type FetchedResponse, type HttpCall, describeUrl } from '../../outbound-http';

const SNIPPET_CHARS = 200;

/** Response headers as a plain object keyed by lower-case name; a repeated header is joined with `, `. */
function headersObject(headers: Headers): JsonObject {
  const result: JsonObject = {};
  headers.forEach((value, name) => {
    result[name] = value;
  });
  return result;
}

/** The packet of `response-out`: `{status, statusText, headers, body, url}`, the body decoded by its Content-Type. */
export function responsePacket(response: FetchedResponse): JsonObject {
  return {
    status: response.status,
    statusText: response.statusText,
    headers: headersObject(response.headers),
    body: decodeBody(response.body, response.headers.get('content-type')),
    url: response.url,
  };
}

/** The message of a failed firing for an error status: method, URL, status and the start of the body. */
export function describeFailedResponse(call: Pick<HttpCall, 'method'>, response: FetchedResponse): string {
  const status = `${response.status}${response.statusText === '' ? '' : ` ${response.statusText}`}`;
  const text = new TextDecoder()
    .decode(response.body.subarray(0, SNIPPET_CHARS * 4))
    .replace(/\s+/g, ' ')
    .trim();
  const snippet = text.length > SNIPPET_CHARS ? `${text.slice(0, SNIPPET_CHARS)}...` : text;
  return `${call.method} ${describeUrl(response.url)} answered HTTP ${status}${snippet === '' ? '' : `: ${snippet}`}`;
}
