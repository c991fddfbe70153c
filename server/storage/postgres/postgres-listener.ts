import pg from 'pg';

/** What a {@link PostgresListener} tells its owner: each notification's payload, and that the connection came back after a drop. */
export interface PostgresListenerHandlers {
  notified(payload: string): void;
  /** The notifications sent while the connection was down are lost: the owner reads again what they may have told. */
  reconnected(): void;
}

/**
 * Listens on one channel over a connection of its own (a pooled connection would stop listening once given back),
 * and connects again after a delay whenever that connection drops.
 */
export class PostgresListener {
  private client: pg.Client | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;

  private constructor(
    private readonly config: pg.ClientConfig,
    private readonly channel: string,
    private readonly handlers: PostgresListenerHandlers,
    private readonly reconnectDelayMs: number,
  ) {}

  /** Connects and listens; rejects when the first connection fails. */
  static async open(config: pg.ClientConfig, channel: string, handlers: PostgresListenerHandlers, reconnectDelayMs: number): Promise<PostgresListener> {
    const listener = new PostgresListener(config, channel, handlers, reconnectDelayMs);
    await listener.connect();
    return listener;
  }

  /** Stops listening; idempotent. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client(this.config);
    client.on('error', () => this.dropped(client));
    client.on('end', () => this.dropped(client));
    client.on('notification', (message) => {
      if (message.channel === this.channel && message.payload !== undefined && !this.closed) this.handlers.notified(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(this.channel)}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) await client.end().catch(() => undefined);
    else this.client = client;
  }

  private dropped(client: pg.Client): void {
    if (client !== this.client) return;
    this.client = undefined;
    client.end().catch(() => undefined);
    this.reconnectLater();
  }

  // The pending attempt does not hold the process open: whoever owns the listener keeps it running.
  private reconnectLater(): void {
    if (this.closed || this.retry !== undefined) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.connect().then(
        () => {
          if (!this.closed) this.handlers.reconnected();
        },
        () => this.reconnectLater(),
      );
    }, this.reconnectDelayMs);
    this.retry.unref();
  }
}
