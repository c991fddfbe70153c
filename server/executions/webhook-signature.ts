import { createHmac, randomUUID } from 'node:crypto';

/** The prefix of a Standard Webhooks signing secret; the rest is the key in base64. */
const SECRET_PREFIX = 'whsec_';

/** How long a key may be, in bytes: Standard Webhooks asks for 24 to 64 random bytes. */
const KEY_BYTES = { min: 24, max: 64 };

/** Why `secret` is not a usable signing secret (`whsec_` and the base64 of 24 to 64 bytes), or undefined when it is. */
export function signingSecretProblem(secret: string): string | undefined {
  if (!secret.startsWith(SECRET_PREFIX)) return `starts with '${SECRET_PREFIX}'`;
  const encoded = secret.slice(SECRET_PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length % 4 !== 0) return `is '${SECRET_PREFIX}' and the key in base64`;
  const bytes = Buffer.from(encoded, 'base64').length;
  if (bytes < KEY_BYTES.min || bytes > KEY_BYTES.max) return `holds a key of ${KEY_BYTES.min} to ${KEY_BYTES.max} bytes (this one has ${bytes})`;
  return undefined;
}

/**
 * Signs webhook deliveries as Standard Webhooks (standardwebhooks.com) receivers verify them: each delivery
 * has an id, kept by its retries so that a receiver can drop a repeat, the time it was signed, and an
 * HMAC-SHA256 of `id.timestamp.body` under the key.
 */
export class WebhookSigner {
  private readonly key: Buffer;

  /** @param secret `whsec_` and the key in base64, as {@link signingSecretProblem} accepts. */
  constructor(secret: string) {
    this.key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  }

  /** The headers of one delivery of `body`, signed now. */
  headers(body: string, now = Date.now()): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
    const id = `msg_${randomUUID()}`;
    const timestamp = String(Math.floor(now / 1000));
    const signature = createHmac('sha256', this.key).update(`${id}.${timestamp}.${body}`).digest('base64');
    return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` };
  }
}
