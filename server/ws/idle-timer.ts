/** Close code sent to a WebSocket idle for too long (nothing followed, no message). */
export const IDLE_CLOSE_CODE = 4000;

/** Options of an {@link IdleTimer}. */
export interface IdleTimerOptions {
  /** How long the connection may stay idle. */
  timeoutMs: number;
  /** Whether the connection follows something now (a subscription, a running network): then it is not idle. */
  busy: () => boolean;
  /** Ends the idle connection. */
  onIdle: () => void;
}

/**
 * The idle rule of WebSocket connections: one that receives no message and follows nothing for `timeoutMs` is
 * ended, since it only holds a connection slot. Each message starts the wait again.
 */
export class IdleTimer {
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: IdleTimerOptions) {}

  /** Starts the wait, or starts it again (the connection opened, or sent a message). */
  touch(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.options.busy()) return this.touch();
      this.options.onIdle();
    }, this.options.timeoutMs);
    this.timer.unref();
  }

  /** Stops waiting: the connection is gone. */
  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
