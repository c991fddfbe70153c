import { type JsonValue, isJsonObject } from '../../engine';
import { type DataOperationSet } from '../data';
import { readFieldPath } from '../shared';
import { type HookAnswer } from './hook-answer';

/** The settings of a Server Response node that shape its answer. */
export interface AnswerSettings {
  readonly responseType: 'Success' | 'Error' | 'Redirect' | 'Custom';
  readonly statusCode: number;
  readonly contentType: string;
  readonly customContentType?: string;
  readonly headers: readonly DataOperationSet[];
  readonly responseFormat?: string;
  readonly compression: boolean;
  readonly cache: 'No Cache' | 'Public' | 'Private' | 'Custom';
  readonly cacheMaxAge: number;
  readonly redirectUrl?: string;
}

/**
 * The answer a Server Response node gives for the packet `data`: the status of its response type (an Error
 * with a status under 400 answers 500, a Redirect with one outside 3xx answers 302), the content type, the
 * cache header, the `headers` mappings (`targetField` is the header, `sourceField` a field of the packet or,
 * when the packet has no such field, the header's literal value), and the body: `responseFormat` with `${data}`
 * and `${timestamp}` filled in, or the packet itself (JSON for a JSON type, else its text, or its bytes when it
 * is base64 text of the octet-stream type).
 */
export function buildHookAnswer(settings: AnswerSettings, data: JsonValue, now: Date): HookAnswer {
  const contentType = settings.contentType === 'Custom' ? (settings.customContentType ?? 'application/octet-stream') : settings.contentType;
  const headers: Record<string, string> = { 'content-type': contentType, ...cacheHeader(settings), ...mappedHeaders(settings.headers, data) };
  const status = statusOf(settings);
  if (settings.responseType === 'Redirect' && settings.redirectUrl !== undefined) headers.location = settings.redirectUrl;
  const isJson = /[/+]json\b/i.test(contentType);
  const dataText = typeof data === 'string' && !isJson ? data : JSON.stringify(data);
  if (settings.responseFormat !== undefined && settings.responseFormat.trim() !== '') {
    const body = settings.responseFormat.replace(/\$\{(data|timestamp)\}/g, (_, name: string) => (name === 'data' ? dataText : now.toISOString()));
    return { status, headers, body, bodyEncoding: 'utf8', compress: settings.compression };
  }
  const binary = contentType === 'application/octet-stream' && typeof data === 'string';
  return { status, headers, body: binary ? data : dataText, bodyEncoding: binary ? 'base64' : 'utf8', compress: settings.compression };
}

function statusOf({ responseType, statusCode }: AnswerSettings): number {
  if (responseType === 'Error' && statusCode < 400) return 500;
  if (responseType === 'Redirect' && (statusCode < 300 || statusCode > 399)) return 302;
  return statusCode;
}

function cacheHeader({ cache, cacheMaxAge }: AnswerSettings): Record<string, string> {
  if (cache === 'No Cache') return { 'cache-control': 'no-store' };
  if (cache === 'Public') return { 'cache-control': `public, max-age=${cacheMaxAge}` };
  if (cache === 'Private') return { 'cache-control': `private, max-age=${cacheMaxAge}` };
  return {};
}

function mappedHeaders(sets: readonly DataOperationSet[], data: JsonValue): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const set of sets) {
    for (const operation of set.operations) {
      if (!operation.enabled || operation.type !== 'map') continue;
      for (const { sourceField, targetField } of operation.mapping ?? []) {
        const found = isJsonObject(data) && sourceField.trim() !== '' ? readFieldPath(data, sourceField) : { found: false as const };
        const value = !found.found ? sourceField : typeof found.value === 'string' ? found.value : JSON.stringify(found.value);
        if (/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(targetField) && !/[\r\n]/.test(value)) headers[targetField.toLowerCase()] = value;
      }
    }
  }
  return headers;
}
