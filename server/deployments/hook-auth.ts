import { timingSafeEqual } from 'node:crypto';
import { type NamedSecretLookup } from '../actors';
import { type HookPlan } from './deployment-plan';

/** The headers of a request, names in lower case as Node gives them. */
export type RequestHeaders = Readonly<Record<string, string | string[] | undefined>>;

function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function header(headers: RequestHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Whether a request shows what its hook asks for: the bearer token, the API key in its header, or the
 * `user:password` of Basic authentication, each compared in constant time with the hook's secret. A hook whose
 * secret has gone from the configuration lets nobody in.
 */
export function isAuthorised(hook: HookPlan, headers: RequestHeaders, secret: NamedSecretLookup): boolean {
  if (hook.authentication === 'None') return true;
  const expected = secret(hook.authSecret);
  if (expected === undefined) return false;
  if (hook.authentication === 'API Key') return sameText(header(headers, hook.apiKeyHeader) ?? '', expected);
  const authorization = header(headers, 'authorization') ?? '';
  if (hook.authentication === 'Bearer Token') {
    const match = /^Bearer\s+(.+)$/i.exec(authorization);
    return match !== null && sameText(match[1].trim(), expected);
  }
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(authorization);
  return match !== null && sameText(Buffer.from(match[1], 'base64').toString('utf8'), expected);
}

/** The headers a run may see: the request's, without the credentials that authenticated it or cookies. */
export function headersForRun(hook: HookPlan, headers: RequestHeaders): Record<string, string> {
  const hidden = new Set(['authorization', 'cookie', 'proxy-authorization', hook.apiKeyHeader]);
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || hidden.has(name)) continue;
    kept[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return kept;
}
