import {
  type ClientMessageInput,
  type ExecutionEvent,
  type ServerMessage,
  ServerMessageSchema,
  type StartWorkflowRequest,
} from '../contract';

/** The part of the WebSocket API the client needs: the browser's `WebSocket` and the `ws` package both fit. */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open' | 'message' | 'close' | 'error', listener: (event: { data?: unknown; code?: number; reason?: string }) => void): void;
}

/** A constructor of WebSocket connections. */
export type WebSocketConstructor = new (url: string) => WebSocketLike;

/** Options of {@link WorkflowSocket.connect}. */
export interface WorkflowSocketOptions {
  /** The WebSocket implementation. @default globalThis.WebSocket */
  WebSocket?: WebSocketConstructor;
  /** A bearer token, sent as the `access_token` query parameter. */
  token?: string;
}

type Reply<T extends ServerMessage['type']> = Extract<ServerMessage, { type: T }>;

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

interface Stream {
  queue: ExecutionEvent[];
  wake?: () => void;
  closed?: SubscriptionClosedError;
}

const TERMINAL_EVENTS = new Set(['Completed', 'Failed', 'Cancelled']);

/**
 * A typed client of the `/ws` channel: start, subscribe (as an async iterator of events) and cancel.
 *
 * @example
 * const socket = await WorkflowSocket.connect('ws://127.0.0.1:8080/ws', { WebSocket });
 * const { execution_id } = await socket.start({ graph_json, input: {} });
 * for await (const event of socket.subscribe(execution_id!)) console.log(event._type);
 */
export class WorkflowSocket {
  private nextRequest = 1;
  private readonly pending = new Map<string, (message: ServerMessage) => void>();
  private readonly streams = new Map<string, Stream>();
  private readonly unpaired: ServerMessage[] = [];

  private constructor(private readonly socket: WebSocketLike) {
    socket.addEventListener('message', (event) => this.onMessage(event.data));
    socket.addEventListener('close', (event) => this.onClose(event.code, event.reason));
  }

  /** Opens a connection; resolves once it is open. */
  static connect(url: string, options: WorkflowSocketOptions = {}): Promise<WorkflowSocket> {
    const Ctor = options.WebSocket ?? (globalThis as unknown as { WebSocket: WebSocketConstructor }).WebSocket;
    const target = options.token ? `${url}${url.includes('?') ? '&' : '?'}access_token=${encodeURIComponent(options.token)}` : url;
    const socket = new Ctor(target);
    return new Promise((resolve, reject) => {
      socket.addEventListener('open', () => resolve(new WorkflowSocket(socket)));
      socket.addEventListener('error', () => reject(new Error(`Could not open a WebSocket to ${url}`)));
    });
  }

  /** Starts an execution; resolves with the `workflow_started` reply (check `success`). */
  start(data: StartWorkflowRequest): Promise<Reply<'workflow_started'>> {
    return this.request({ type: 'start_workflow', data }) as Promise<Reply<'workflow_started'>>;
  }

  /** Cancels an execution; resolves with the `workflow_cancelled` reply (check `success`). */
  cancel(executionId: string): Promise<Reply<'workflow_cancelled'>> {
    return this.request({ type: 'cancel_workflow', execution_id: executionId }) as Promise<Reply<'workflow_cancelled'>>;
  }

  /**
   * Subscribes to an execution and yields its events from `fromSeq` on, ending after the terminal event.
   * @throws Error when the server refuses the subscription; SubscriptionClosedError when the socket closes first
   */
  async *subscribe(executionId: string, { fromSeq }: { fromSeq?: number } = {}): AsyncGenerator<ExecutionEvent, void, undefined> {
    const stream: Stream = { queue: [] };
    this.streams.set(executionId, stream);
    let lastSeq = (fromSeq ?? 1) - 1;
    try {
      const ack = (await this.request({ type: 'subscribe_workflow', execution_id: executionId, from_seq: fromSeq })) as Reply<'subscription_ack'>;
      if (!ack.success) throw new Error(ack.error ?? `Subscription to '${executionId}' refused`);
      for (;;) {
        const event = stream.queue.shift();
        if (event) {
          lastSeq = event.seq;
          yield event;
          if (TERMINAL_EVENTS.has(event._type)) return;
          continue;
        }
        if (stream.closed) throw new SubscriptionClosedError(stream.closed.message, lastSeq, stream.closed.closeCode);
        await new Promise<void>((resolve) => (stream.wake = resolve));
      }
    } finally {
      if (this.streams.get(executionId) === stream) this.streams.delete(executionId);
    }
  }

  /** Sends a raw frame (for protocol tests and extensions); replies arrive through {@link nextUnpaired}. */
  sendRaw(text: string): void {
    this.socket.send(text);
  }

  /** Resolves with the next server message that answers no request of this client (an `error` reply to a raw frame). */
  async nextUnpaired(timeoutMs = 5000): Promise<ServerMessage> {
    const deadline = Date.now() + timeoutMs;
    while (this.unpaired.length === 0) {
      if (Date.now() > deadline) throw new Error('No message arrived');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return this.unpaired.shift()!;
  }

  /** Closes the connection. */
  close(): void {
    this.socket.close(1000, 'client closed');
  }

  private request(message: ClientMessageInput): Promise<ServerMessage> {
    const requestId = String(this.nextRequest++);
    return new Promise((resolve) => {
      this.pending.set(requestId, resolve);
      this.socket.send(JSON.stringify({ ...message, request_id: requestId }));
    });
  }

  private onMessage(data: unknown): void {
    const parsed = ServerMessageSchema.safeParse(JSON.parse(String(data)));
    if (!parsed.success) return;
    const message = parsed.data;
    if (message.type === 'network_event') {
      const stream = this.streams.get(message.execution_id);
      if (!stream) return;
      stream.queue.push(message.event);
      stream.wake?.();
      return;
    }
    const resolve = message.request_id === undefined ? undefined : this.pending.get(message.request_id);
    if (resolve && message.request_id !== undefined) {
      this.pending.delete(message.request_id);
      resolve(message);
    } else {
      this.unpaired.push(message);
    }
  }

  private onClose(code: number | undefined, reason: string | undefined): void {
    for (const stream of this.streams.values()) {
      stream.closed = new SubscriptionClosedError(`WebSocket closed (${code ?? 'no code'}${reason ? `: ${reason}` : ''})`, 0, code);
      stream.wake?.();
    }
  }
}
