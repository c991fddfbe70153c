/** The WebSocket closed before the reply to a request came, or was closed when the request was made. */
export class ConnectionClosedError extends Error {
  constructor(
    message: string,
    readonly closeCode?: number,
    readonly closeReason?: string,
  ) {
    super(message);
    this.name = 'ConnectionClosedError';
  }
}

/** The socket closed or failed while a subscription was open; `lastSeq` is the seq to resume after. */
export class SubscriptionClosedError extends Error {
  constructor(
    message: string,
    readonly lastSeq: number,
    readonly closeCode?: number,
  ) {
    super(message);
    this.name = 'SubscriptionClosedError';
  }
}

/** The server answered an events request without a Server-Sent Events stream (an old server, or a proxy in the way). */
export class EventStreamUnavailableError extends Error {
  constructor(
    readonly status: number,
    contentType: string | null,
  ) {
    super(`Expected a text/event-stream, got ${status} ${contentType ?? 'without a content type'}`);
    this.name = 'EventStreamUnavailableError';
  }
}
