import { z } from 'zod';
import { numberSetting, optionalText, textSetting } from '../shared';
import { httpUrlProblem, parseHttpUrl } from '../network/http-url';
import { DEFAULT_MAX_REQUEST_TIMEOUT_MS } from '../network/network-actor-options';

/** The default limit of one vendor call or SMTP exchange, in ms: the templates have no timeout property, so `timeout` is a key of our own. */
const MESSAGING_TIMEOUT_MS = 30_000;

/** The `timeout` key of a messaging node: the limit of one attempt, reading the answer included. */
export function timeoutSetting() {
  return numberSetting(
    'Time limit of one call to the vendor in milliseconds, reading the answer included',
    z.number().int().min(1).max(2_147_483_647).default(MESSAGING_TIMEOUT_MS),
  );
}

/** The `retryCount` key of a messaging node: how often a rate-limited (429) send is tried again. */
export function retrySetting() {
  return numberSetting(
    'Attempts after the first one when the vendor answers 429 (after its Retry-After) or gives no answer (connection failure, timeout); error statuses are not retried, since the message may have gone out',
    z.number().int().min(0).max(5).default(2),
  );
}

/** A credential key: the value itself or a `${secret:NAME}` reference; when unset, the named secret. */
export function credentialSetting(description: string, secretName: string) {
  return optionalText(`${description}, usually written as \${secret:NAME}; when unset, the secret ${secretName}`);
}

/**
 * The `baseUrl` key of a vendor node: where its API is, the vendor's public API unless an operator points it
 * elsewhere (a proxy, a regional endpoint). A static value is checked when the graph is validated.
 */
export function baseUrlSetting(vendor: string, publicApi: string) {
  return textSetting(`Base URL of the ${vendor} API`, z.string().default(publicApi))
    .transform((text) => text.trim().replace(/\/+$/, ''))
    .superRefine((text, ctx) => {
      if (text.includes('${')) return;
      const problem = httpUrlProblem(text);
      if (problem !== undefined) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
    });
}

/**
 * The URL of a vendor path under a base address that may carry a path of its own (`https://host/v21.0`).
 * @throws Error naming the `baseUrl` key when the base is no http(s) URL
 * @example vendorUrl('https://api.twilio.com', '/2010-04-01/Accounts/AC1/Messages.json')
 */
export function vendorUrl(base: string, path: string, query: Record<string, string> = {}): URL {
  const url = parseHttpUrl(base, "config 'baseUrl'");
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${path}`;
  url.search = '';
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url;
}

/** The limit of one attempt: the node's `timeout`, capped by the server. */
export function attemptTimeout(timeout: number, maxTimeoutMs: number | undefined): number {
  return Math.min(timeout, maxTimeoutMs ?? DEFAULT_MAX_REQUEST_TIMEOUT_MS);
}
