import { type ClientRateLimitInfo, type Options, type Store } from 'express-rate-limit';

/** Wrong tokens a client may send per minute before every attempt of it is refused with 429 until the minute ends. */
export const MAX_FAILED_TOKENS_PER_MINUTE = 10;

const MINUTE_MS = 60_000;

/**
 * Failed attempts per client in the current minute, keyed as the request budget keys clients (an IPv4
 * address, or the /56 network of an IPv6 one, which one holder can fill with addresses). This process keeps its own view, read at once by
 * the checks that cannot wait; with a shared store (a cluster's Redis) every failure is counted there too and
 * the view takes the shared count, so that the nodes of a cluster lock a client out together.
 */
export class FailureCounter {
  private readonly counts = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly shared: Store | undefined) {
    // A store that cannot load its scripts now loads them on first use.
    Promise.resolve(shared?.init?.({ windowMs: MINUTE_MS } as Options)).catch(() => undefined);
  }

  /** Seconds until the client may try again, or 0 when it may now. */
  blockedFor(address: string, now = Date.now()): number {
    const entry = this.counts.get(address);
    if (entry === undefined || entry.resetAt <= now || entry.count < MAX_FAILED_TOKENS_PER_MINUTE) return 0;
    return Math.ceil((entry.resetAt - now) / 1000);
  }

  /** Counts one failure; resolves once the shared count, when there is one, has it. */
  record(address: string, now = Date.now()): Promise<void> {
    const entry = this.counts.get(address);
    if (entry === undefined || entry.resetAt <= now) this.counts.set(address, { count: 1, resetAt: now + MINUTE_MS });
    else entry.count += 1;
    this.prune(now);
    return this.shared === undefined ? Promise.resolve() : Promise.resolve(this.shared.increment(address)).then((info) => this.adopt(address, info));
  }

  /** Takes the shared count of a client into this view; nothing to do without a shared store. */
  async refresh(address: string): Promise<void> {
    if (this.shared?.get === undefined) return;
    const info = await this.shared.get(address);
    if (info === undefined || info.totalHits === 0) this.counts.delete(address);
    else this.adopt(address, info);
  }

  private adopt(address: string, { totalHits, resetTime }: ClientRateLimitInfo): void {
    const resetAt = resetTime?.getTime() ?? Date.now() + MINUTE_MS;
    if (resetAt > Date.now()) this.counts.set(address, { count: totalHits, resetAt });
    this.prune(Date.now());
  }

  // Old entries are dropped as the map grows.
  private prune(now: number): void {
    if (this.counts.size > 10_000) for (const [key, value] of this.counts) if (value.resetAt <= now) this.counts.delete(key);
  }
}
