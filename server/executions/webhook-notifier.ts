import { type Logger, silentLogger } from './logger';

/** Options of the webhook sender. */
export interface WebhookOptions {
  /** @default 10000 */
  timeoutMs?: number;
  /** Attempts after the first one, on network errors and 5xx answers. @default 3 */
  retries?: number;
  /** Delay before the first retry, doubled each time. @default 500 */
  backoffMs?: number;
  logger?: Logger;
}

/** POSTs a JSON payload to a webhook URL in the background, retrying with backoff; never throws. */
export class WebhookNotifier {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly controller = new AbortController();
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly backoffMs: number;
  private readonly logger: Logger;

  constructor(options: WebhookOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.retries = options.retries ?? 3;
    this.backoffMs = options.backoffMs ?? 500;
    this.logger = options.logger ?? silentLogger;
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
    for (let attempt = 0; attempt <= this.retries; attempt += 1) {
      if (this.controller.signal.aborted) return;
      const outcome = await this.attempt(url, body);
      if (outcome === 'delivered') return;
      if (outcome === 'rejected' || attempt === this.retries) {
        this.logger.warn({ url, attempt: attempt + 1 }, 'Webhook delivery failed');
        return;
      }
      await this.sleep(this.backoffMs * 2 ** attempt);
    }
  }

  private async attempt(url: string, body: string): Promise<'delivered' | 'retry' | 'rejected'> {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        redirect: 'manual',
        signal: AbortSignal.any([this.controller.signal, AbortSignal.timeout(this.timeoutMs)]),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.ok) return 'delivered';
      return response.status >= 500 || response.status === 429 ? 'retry' : 'rejected';
    } catch {
      return 'retry';
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.controller.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      }, { once: true });
    });
  }
}
