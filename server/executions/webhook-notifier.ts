import { errorMessage } from '../engine';
import { EgressPolicy, HttpTransportError, describeUrl, fetchWithRetry, retryPolicy } from '../outbound-http';
import { type Logger, silentLogger } from '../logger';
import { type WebhookSigner } from './webhook-signature';

// The longest wait between two deliveries of one webhook, however many attempts failed.
const MAX_BACKOFF_MS = 30_000;

/** Options of the webhook sender. */
export interface WebhookOptions {
  /** @default 10000 */
  timeoutMs?: number;
  /** Attempts after the first one, on network errors, timeouts, 408, 429 and 5xx answers. @default 3 */
  retries?: number;
  /** Delay before the first retry, doubled each time (with jitter). @default 500 */
  backoffMs?: number;
  logger?: Logger;
  /** What webhook URLs may reach. @default the built-in denials only */
  egress?: EgressPolicy;
  /** Signs each delivery with the Standard Webhooks headers. @default unsigned */
  signer?: WebhookSigner;
}

/** POSTs a JSON payload to a webhook URL in the background, retrying with backoff; never throws. */
export class WebhookNotifier {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly controller = new AbortController();
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly backoffMs: number;
  private readonly logger: Logger;
  private readonly egress: EgressPolicy;
  private readonly signer: WebhookSigner | undefined;

  constructor(options: WebhookOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.retries = options.retries ?? 3;
    this.backoffMs = options.backoffMs ?? 500;
    this.logger = options.logger ?? silentLogger;
    this.egress = options.egress ?? new EgressPolicy();
    this.signer = options.signer;
  }

  /** Sends the payload; the returned promise settles once delivered or given up (it never rejects). */
  notify(url: string, payload: unknown): Promise<void> {
    const delivery = this.deliver(url, JSON.stringify(payload)).finally(() => this.inFlight.delete(delivery));
    this.inFlight.add(delivery);
    return delivery;
  }

  /** Waits for deliveries under way, then aborts what is left after `graceMs`. */
  async close(graceMs = 2000): Promise<void> {
    const timer = setTimeout(() => this.controller.abort(), graceMs);
    await Promise.all(this.inFlight);
    clearTimeout(timer);
  }

  private async deliver(url: string, body: string): Promise<void> {
    try {
      // One signature for every attempt: a retry is the same message, which the receiver knows by its id.
      const headers = new Headers({ 'content-type': 'application/json', ...this.signer?.headers(body) });
      const call = { url: new URL(url), method: 'POST', headers, body };
      const response = await fetchWithRetry(call, {
        timeoutMs: this.timeoutMs,
        followRedirects: false,
        signal: this.controller.signal,
        readBody: false,
        egress: this.egress,
        policy: retryPolicy({ attempts: this.retries + 1, baseMs: this.backoffMs, maxMs: MAX_BACKOFF_MS }),
      });
      if (response.status >= 200 && response.status < 300) return;
      this.logger.warn({ url: describeUrl(url), status: response.status, attempts: response.attempts }, 'Webhook delivery failed');
    } catch (error) {
      if (this.controller.signal.aborted) return;
      const attempts = error instanceof HttpTransportError ? error.attempts : undefined;
      this.logger.warn({ url: describeUrl(url), reason: errorMessage(error), attempts }, 'Webhook delivery failed');
    }
  }
}
