import { createHash, createPrivateKey, type KeyObject, sign } from 'node:crypto';
import { isJsonObject } from '../../engine';
import { bodyText, textField, vendorFailure } from './vendor-failure';
import { type VendorCallContext, sendVendorRequest } from './vendor-request';

/** Google's OAuth token endpoint, used when neither the node nor the server names another. */
export const GOOGLE_PUBLIC_TOKEN_URL = 'https://oauth2.googleapis.com/token';

/** The scope of a Sheets access token: read and write spreadsheets. */
const SHEETS_SCOPE = 'https://www.googleapis.com/auth/spreadsheets';

/** A Google service account: its e-mail address and the PEM private key of one of its keys. */
export interface ServiceAccount {
  readonly clientEmail: string;
  readonly privateKey: string;
}

/** Access tokens a factory's nodes share, by token URL, account and key, until shortly before they expire. */
export type AccessTokenCache = Map<string, { token: string; expiresAt: number }>;

// A token is renewed this long before Google says it expires, so that no call starts with one about to lapse.
const RENEW_EARLY_MS = 60_000;

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function privateKeyOf(pem: string): KeyObject {
  try {
    // A key kept in an environment variable often has its line breaks written as \n.
    return createPrivateKey(pem.includes('\\n') ? pem.replace(/\\n/g, '\n') : pem);
  } catch {
    throw new Error("config 'privateKey' is not a PEM private key (the private_key of the service account's JSON key file)");
  }
}

/** The signed JWT a service account presents at `tokenUrl` (RFC 7523), valid for one hour. */
function serviceAccountAssertion(account: ServiceAccount, tokenUrl: string, nowMs: number = Date.now()): string {
  const now = Math.floor(nowMs / 1000);
  const unsigned = `${base64url({ alg: 'RS256', typ: 'JWT' })}.${base64url({ iss: account.clientEmail, scope: SHEETS_SCOPE, aud: tokenUrl, iat: now, exp: now + 3600 })}`;
  return `${unsigned}.${sign('RSA-SHA256', Buffer.from(unsigned), privateKeyOf(account.privateKey)).toString('base64url')}`;
}

/**
 * An access token of the service account: the cached one while it is fresh, else one exchanged for a signed
 * assertion at `tokenUrl` (the JWT bearer grant Google's own libraries use).
 * @throws ActorError with Google's `error_description` when the exchange is refused
 */
export async function serviceAccountToken(account: ServiceAccount, tokenUrl: URL, cache: AccessTokenCache, context: VendorCallContext): Promise<string> {
  const key = createHash('sha256').update(`${tokenUrl.href}\n${account.clientEmail}\n${account.privateKey}`).digest('hex');
  const cached = cache.get(key);
  if (cached !== undefined && cached.expiresAt > Date.now()) return cached.token;
  const request = {
    method: 'POST' as const,
    url: tokenUrl,
    form: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: serviceAccountAssertion(account, tokenUrl.href) }),
    idempotent: true,
  };
  const reply = await sendVendorRequest(request, context);
  const token = textField(reply.body, 'access_token');
  if (reply.status >= 400 || token === undefined) {
    const message = textField(reply.body, 'error_description') ?? textField(reply.body, 'error') ?? bodyText(reply.body);
    throw vendorFailure('Google OAuth', request, reply, message);
  }
  const lifetime = isJsonObject(reply.body) && typeof reply.body.expires_in === 'number' ? reply.body.expires_in * 1000 : 3_600_000;
  cache.set(key, { token, expiresAt: Date.now() + lifetime - RENEW_EARLY_MS });
  return token;
}

/** Forgets a cached token Google refused, so that the next firing asks for a new one. */
export function forgetServiceAccountToken(cache: AccessTokenCache, token: string): void {
  for (const [key, entry] of cache) if (entry.token === token) cache.delete(key);
}
