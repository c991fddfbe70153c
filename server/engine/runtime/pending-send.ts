import { type InPort } from './in-port';

/**
 * A send that found a target queue full: its promise resolves once every target has room again (or the
 * run stops), which is how a producer awaiting `send` is held back by a slow consumer.
 */
export class PendingSend {
  /** Resolves when the producer may send again. */
  readonly promise: Promise<void>;
  private resolve!: () => void;

  constructor(private readonly targets: readonly InPort[]) {
    this.promise = new Promise<void>((resolve) => {
      this.resolve = resolve;
    });
  }

  /** Re-checks every target: returns one that is still full, or resolves and returns undefined. */
  retry(): InPort | undefined {
    for (const target of this.targets) if (!target.hasRoom()) return target;
    this.resolve();
    return undefined;
  }

  /** Lets the producer go on regardless of room, because the run is stopping. */
  release(): void {
    this.resolve();
  }
}
