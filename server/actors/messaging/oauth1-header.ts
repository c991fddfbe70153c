import { createHmac, randomBytes } from 'node:crypto';

/** The four keys of an OAuth 1.0a user context: the app's consumer key and secret, the user's access token and secret. */
export interface OAuth1Credentials {
  readonly consumerKey: string;
  readonly consumerSecret: string;
  readonly token: string;
  readonly tokenSecret: string;
}

/** What a signature may be given instead of fresh values (tests, known-answer checks), and form fields it covers. */
export interface OAuth1Extras {
  readonly nonce?: string;
  /** Seconds since the epoch. */
  readonly timestamp?: number;
  /** Fields of an `application/x-www-form-urlencoded` body, which the signature covers (a JSON body it does not). */
  readonly formFields?: URLSearchParams;
}

/** RFC 3986 percent-encoding, which OAuth 1.0a requires: `encodeURIComponent` leaves `!'()*` alone. */
function encode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * The `Authorization` header of an OAuth 1.0a request signed with HMAC-SHA1 (RFC 5849, as X's API v1.1 and
 * v2 user context take it): the base string covers the method, the URL without its query, and every oauth,
 * query and form parameter, sorted.
 * @example oauth1Header('POST', new URL('https://api.x.com/2/tweets'), credentials)
 */
export function oauth1Header(method: string, url: URL, credentials: OAuth1Credentials, extras: OAuth1Extras = {}): string {
  const oauth: [string, string][] = [
    ['oauth_consumer_key', credentials.consumerKey],
    ['oauth_nonce', extras.nonce ?? randomBytes(16).toString('hex')],
    ['oauth_signature_method', 'HMAC-SHA1'],
    ['oauth_timestamp', String(extras.timestamp ?? Math.floor(Date.now() / 1000))],
    ['oauth_token', credentials.token],
    ['oauth_version', '1.0'],
  ];
  const parameters = [...oauth, ...url.searchParams, ...(extras.formFields ?? [])]
    .map(([key, value]) => [encode(key), encode(value)])
    .sort(([keyA, valueA], [keyB, valueB]) => (keyA === keyB ? compare(valueA, valueB) : compare(keyA, keyB)))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  // URL already writes the scheme and host in lower case and drops a default port, as the base string wants.
  const baseUrl = `${url.protocol}//${url.host}${url.pathname}`;
  const base = [method.toUpperCase(), encode(baseUrl), encode(parameters)].join('&');
  const signature = createHmac('sha1', `${encode(credentials.consumerSecret)}&${encode(credentials.tokenSecret)}`)
    .update(base)
    .digest('base64');
  return `OAuth ${[...oauth, ['oauth_signature', signature]].map(([key, value]) => `${encode(key)}="${encode(value)}"`).join(', ')}`;
}

// Byte order, as the specification sorts: localeCompare would not.
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
