import { createHash, createHmac } from 'node:crypto';
import { type PeerAnswer, type PeerRoute, type RecordedRequest, type RecordingPeer, startRecordingPeer } from './recording-peer';

/** The AWS keys and region the SES peer accepts. */
export const SES_ACCOUNT = { accessKeyId: 'AKIAPEER0123456789AB', secretAccessKey: 'peerSecretAccessKey0123456789abcdefghijkl', region: 'eu-west-1' } as const;

/** An SES v2 error answer: `{message}` with the error type in `X-Amzn-ErrorType`, as the REST API answers. */
export function sesError(status: number, type: string, message: string, headers: Record<string, string> = {}): PeerAnswer {
  return { status, headers: { 'x-amzn-errortype': `${type}:http://internal.amazon.com/coral/com.amazonaws.sesv2/`, ...headers }, body: { message } };
}

function hmac(key: string | Buffer, text: string): Buffer {
  return createHmac('sha256', key).update(text).digest();
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * Why a request's AWS Signature Version 4 does not hold, or undefined when it does. Written from the
 * specification, apart from the signer the actor uses, so that the peer checks it: scope, signed headers
 * (Host among them), canonical request over the path and the body received, and the signature itself.
 */
export function sigV4Problem(request: RecordedRequest): string | undefined {
  const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
    request.headers.authorization ?? '',
  );
  if (!match) return 'no SigV4 Authorization header';
  const [, keyId, date, region, service, signedHeaders, signature] = match;
  if (keyId !== SES_ACCOUNT.accessKeyId) return 'unknown access key';
  if (region !== SES_ACCOUNT.region || service !== 'ses') return `scope ${region}/${service} is not ${SES_ACCOUNT.region}/ses`;
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(date)) return 'X-Amz-Date does not match the credential scope';
  const names = signedHeaders.split(';');
  if (!names.includes('host')) return 'Host is not signed';
  const canonicalHeaders = names
    .map(
      (name) =>
        `${name}:${String(request.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalRequest = [request.method, request.path, request.query.toString(), canonicalHeaders, signedHeaders, sha256(request.text)].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${SES_ACCOUNT.secretAccessKey}`, date), region), service), 'aws4_request');
  return hmac(key, toSign).toString('hex') === signature ? undefined : 'the signature does not match';
}

/**
 * SES v2 `SendEmail`: a valid SigV4 signature for the `ses` service (else 403 SignatureDoesNotMatch), a
 * FromEmailAddress and a Destination (else 400 BadRequestException); answers `{MessageId}`.
 */
export const sesSendEmail: PeerRoute = (request) => {
  const problem = sigV4Problem(request);
  if (problem !== undefined)
    return sesError(403, 'SignatureDoesNotMatchException', `The request signature we calculated does not match the signature you provided (${problem}).`);
  const mail = (request.json ?? {}) as { FromEmailAddress?: string; Destination?: unknown };
  if (mail.FromEmailAddress === undefined || mail.Destination === undefined)
    return sesError(400, 'BadRequestException', 'Missing FromEmailAddress or Destination');
  return { body: { MessageId: '0102019peer-ses-message-0001' } };
};

/** Starts an SES v2 peer serving `POST /v2/email/outbound-emails`; `route` replaces its answer. */
export function startSesPeer(route: PeerRoute = sesSendEmail): Promise<RecordingPeer> {
  return startRecordingPeer({ 'POST /v2/email/outbound-emails': route });
}
