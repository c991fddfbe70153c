import { z } from 'zod';
import { type NamedSecretLookup, credentialOf, numberSetting, optionalText } from '../shared';
import { httpUrlProblem, parseHttpUrl } from '../network/http-url';
import { DEFAULT_MAX_REQUEST_TIMEOUT_MS } from '../network/network-actor-options';

/** The default limit of one vendor call, in ms: the templates have no timeout property, so this is a key of our own. */
const VENDOR_CALL_TIMEOUT_MS = 30_000;

/**
 * An optional vendor address: a static value is checked when the graph is validated, one holding a `${...}`
 * reference when the node fires.
 */
export function vendorUrlSetting(description: string) {
  return optionalText(description)
    .transform((text) => text?.trim())
    .superRefine((text, ctx) => {
      if (text === undefined || text.includes('${')) return;
      const problem = httpUrlProblem(text);
      if (problem !== undefined) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
    });
}

/** The `timeout` key of a vendor node: the limit of one attempt, body included. */
export function timeoutSetting() {
  return numberSetting(
    'Time limit of one call to the vendor in milliseconds, reading the answer included',
    z.number().int().min(1).max(2_147_483_647).default(VENDOR_CALL_TIMEOUT_MS),
  );
}

/** A credential key: the value itself or a `${secret:NAME}` reference; when unset, the named secret. */
export function credentialSetting(description: string, secretName: string) {
  return optionalText(`${description}, usually written as \${secret:NAME}; when unset, the secret ${secretName}`);
}

/**
 * The vendor address a firing uses: the node's key, else the server's setting, else the vendor's public API.
 * @throws Error naming the key when the address is no http(s) URL
 */
export function vendorBaseUrl(nodeValue: string | undefined, serverValue: string | undefined, publicApi: string, key = 'baseUrl'): URL {
  return parseHttpUrl(nodeValue ?? serverValue ?? publicApi, `config '${key}'`);
}

/** The limit of one attempt: the node's `timeout`, capped by the server. */
export function attemptTimeout(timeout: number, maxTimeoutMs: number | undefined): number {
  return Math.min(timeout, maxTimeoutMs ?? DEFAULT_MAX_REQUEST_TIMEOUT_MS);
}

/**
 * The URL of a vendor path under a base address that may carry a path of its own (`https://host/api/v3`),
 * with the defined query parameters.
 * @example vendorEndpoint(new URL('https://api.hubapi.com'), '/crm/v3/objects/contacts', { limit: '10' })
 */
export function vendorEndpoint(base: URL, path: string, query: Record<string, string | undefined> = {}): URL {
  const url = new URL(base.href);
  url.pathname = `${base.pathname.replace(/\/+$/, '')}${path}`;
  url.search = '';
  for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, value);
  return url;
}

/**
 * The credential of a firing: the key as resolved, else the first configured named secret.
 * @throws Error naming the key when neither is there (a secret removed since the graph was validated)
 */
export function firingCredential(value: string | undefined, key: string, secretNames: readonly string[], secret: NamedSecretLookup): string {
  const found = credentialOf(value, secretNames, secret);
  if (found === undefined || found === '') throw new Error(`config '${key}' is required: set ${key} or configure the secret ${secretNames.join(' or ')}`);
  return found;
}
