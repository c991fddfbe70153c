import pg from 'pg';

/** Told that the log of `executionId` has committed events up to `lastSeq`. */
export type AppendListener = (executionId: string, lastSeq: number) => void;

/**
 * The execution id listeners are told (with seq 0) once the listening connection is back after a drop: the
 * notifications sent meanwhile are lost, so any log may have grown and every follower reads its logs again.
 * No execution has this id (ids start with a letter or a digit).
 */
export const EVERY_EXECUTION = '*';

/**
 * Listens on a namespace's notification channel over one connection of its own, for the appends other nodes
 * (and this one) commit, and connects again after a delay whenever that connection drops.
 */
export class PostgresAppendListener {
  private readonly listeners = new Set<{ listener: AppendListener }>();
  private client: pg.Client | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;

  private constructor(
    private readonly config: pg.ClientConfig,
    private readonly channel: string,
    private readonly reconnectDelayMs: number,
  ) {}

  /** Connects and listens; rejects when the first connection fails. */
  static async open(config: pg.ClientConfig, channel: string, reconnectDelayMs: number): Promise<PostgresAppendListener> {
    const listener = new PostgresAppendListener(config, channel, reconnectDelayMs);
    await listener.connect();
    return listener;
  }

  /** Calls `listener` for every notification until the returned function is called. */
  add(listener: AppendListener): () => void {
    const entry = { listener };
    this.listeners.add(entry);
    return () => this.listeners.delete(entry);
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
      if (message.channel === this.channel && message.payload !== undefined) this.received(message.payload);
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

  private reconnectLater(): void {
    if (this.closed || this.retry !== undefined) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.connect().then(
        () => this.closed || this.tell(EVERY_EXECUTION, 0),
        () => this.reconnectLater(),
      );
    }, this.reconnectDelayMs);
  }

  // The payload is `<lastSeq> <executionId>`: the seq first, so that the id is all the rest, whatever it holds.
  private received(payload: string): void {
    const space = payload.indexOf(' ');
    const lastSeq = Number(payload.slice(0, space));
    if (space < 0 || !Number.isInteger(lastSeq)) return;
    this.tell(payload.slice(space + 1), lastSeq);
  }

  private tell(executionId: string, lastSeq: number): void {
    for (const { listener } of [...this.listeners]) {
      try {
        listener(executionId, lastSeq);
      } catch {
        // A listener's failure is its own: it must not stop the others nor the listening connection.
      }
    }
  }
}

/** The payload of the notification that tells the listeners of the appends to one execution's log. */
export function appendPayload(executionId: string, lastSeq: number): string {
  return `${lastSeq} ${executionId}`;
}
