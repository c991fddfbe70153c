import type pg from 'pg';
import { PostgresListener } from '../postgres';

/** Told that the log of `executionId` has committed events up to `lastSeq`. */
export type AppendListener = (executionId: string, lastSeq: number) => void;

/**
 * The execution id listeners are told (with seq 0) once the listening connection is back after a drop: the
 * notifications sent meanwhile are lost, so any log may have grown and every follower reads its logs again.
 * No execution has this id (ids start with a letter or a digit).
 */
export const EVERY_EXECUTION = '*';

/**
 * Hears, on a namespace's notification channel, the appends other nodes (and this one) commit, and tells each of
 * its listeners.
 */
export class PostgresAppendListener {
  private readonly listeners = new Set<{ listener: AppendListener }>();
  private connection: PostgresListener | undefined;

  private constructor() {}

  /** Connects and listens, connecting again after `reconnectDelayMs` whenever the connection drops; rejects when the first connection fails. */
  static async open(config: pg.ClientConfig, channel: string, reconnectDelayMs: number): Promise<PostgresAppendListener> {
    const listener = new PostgresAppendListener();
    const handlers = { notified: (payload: string) => listener.received(payload), reconnected: () => listener.tell(EVERY_EXECUTION, 0) };
    listener.connection = await PostgresListener.open(config, channel, handlers, reconnectDelayMs);
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
    await this.connection?.close();
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
