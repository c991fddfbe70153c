import { createHmac } from 'node:crypto';
import OAuth from 'oauth-1.0a';
import { type PeerAnswer, type PeerRoute, type RecordedRequest, type RecordingPeer, startRecordingPeer } from './recording-peer';

/** The OAuth 1.0a keys the X peer accepts. */
export const X_CREDENTIALS = {
  consumerKey: 'peerConsumerKey0123456789',
  consumerSecret: 'peerConsumerSecret0123456789abcdefghijklmnop',
  token: '1234567890-peerAccessToken0123456789abcdefghij',
  tokenSecret: 'peerAccessSecret0123456789abcdefghijklmnopq',
} as const;

// An OAuth 1.0a implementation of its own (the oauth-1.0a package), so that the peer checks the actor's signer rather than repeating it.
const verifier = new OAuth({
  consumer: { key: X_CREDENTIALS.consumerKey, secret: X_CREDENTIALS.consumerSecret },
  signature_method: 'HMAC-SHA1',
  hash_function: (base, key) => createHmac('sha1', key).update(base).digest('base64'),
});

/** The id of every post the peer creates. */
export const X_POST_ID = '1860000000000000001';

/** An X API v2 problem answer: `{title, type, status, detail}`. */
export function xProblem(status: number, title: string, detail: string, headers: Record<string, string> = {}): PeerAnswer {
  return { status, headers: { 'content-type': 'application/problem+json', ...headers }, body: { title, type: 'about:blank', status, detail } };
}

function oauthParameters(header: string | undefined): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [, key, value] of (header ?? '').matchAll(/(\w+)="([^"]*)"/g)) found[key] = decodeURIComponent(value);
  return found;
}

/**
 * Whether a request carries a valid OAuth 1.0a signature for the method, address and query it was sent
 * with: the peer signs what it received with the keys it knows, the nonce and time the request names.
 */
function signedByX(request: RecordedRequest, origin: string): boolean {
  const sent = oauthParameters(request.headers.authorization);
  if (!request.headers.authorization?.startsWith('OAuth ') || sent.oauth_consumer_key !== X_CREDENTIALS.consumerKey || sent.oauth_token !== X_CREDENTIALS.token)
    return false;
  const data = {
    oauth_consumer_key: sent.oauth_consumer_key,
    oauth_nonce: sent.oauth_nonce,
    oauth_signature_method: sent.oauth_signature_method,
    oauth_timestamp: Number(sent.oauth_timestamp),
    oauth_token: sent.oauth_token,
    oauth_version: sent.oauth_version,
  };
  return verifier.getSignature({ url: `${origin}${request.url}`, method: request.method }, X_CREDENTIALS.tokenSecret, data) === sent.oauth_signature;
}

/**
 * Starts an X API v2 peer: `POST /2/tweets` (201 `{data: {id, text}}`), `POST /2/media/metadata` and
 * `GET /2/tweets/{id}` with `public_metrics`, each answering 401 `Unauthorized` to a request whose OAuth 1.0a
 * signature does not hold. `overrides` replace routes, keyed `'METHOD /path'`.
 */
export async function startXPeer(overrides: Record<string, PeerRoute> = {}): Promise<RecordingPeer> {
  let origin = '';
  const signed =
    (route: PeerRoute): PeerRoute =>
    (request) =>
      signedByX(request, origin) ? route(request) : xProblem(401, 'Unauthorized', 'Unauthorized');
  const peer = await startRecordingPeer({
    'POST /2/tweets': signed(({ json }) => ({ status: 201, body: { data: { id: X_POST_ID, text: (json as { text?: string }).text ?? '' } } })),
    'POST /2/media/metadata': signed(({ json }) => ({
      status: 200,
      body: { data: { id: (json as { id?: string }).id, associated_metadata: (json as { metadata?: unknown }).metadata } },
    })),
    [`GET /2/tweets/${X_POST_ID}`]: signed(() => ({
      status: 200,
      body: {
        data: {
          id: X_POST_ID,
          text: 'posted',
          public_metrics: { retweet_count: 2, reply_count: 1, like_count: 5, quote_count: 0, bookmark_count: 1, impression_count: 40 },
        },
      },
    })),
    ...Object.fromEntries(Object.entries(overrides).map(([key, route]) => [key, signed(route)])),
  });
  origin = peer.url;
  return peer;
}
