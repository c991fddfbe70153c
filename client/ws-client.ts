import { delay } from './abortable';
import { ConnectionClosedError, SubscriptionClosedError } from './client-errors';
import { type components } from './generated/openapi';
import { type ReconnectOptions, type ReconnectPolicy, reconnectPolicy } from './reconnect-policy';
import { TERMINAL_EVENT_TYPES } from './terminal-states';
import { READY_STATE, type WebSocketConstructor, type WebSocketLike, defaultWebSocket, whenOpen } from './websocket-like';
import { type ClientMessage, type Reply, type ServerMessage } from './ws-messages';

type Schemas = components['schemas'];
type ExecutionEvent = Schemas['ExecutionEvent'];

/** Options of {@link WorkflowSocket.connect}. */
export interface WorkflowSocketOptions {
  /** The WebSocket implementation. @default the global `WebSocket`, else the `ws` package */
  WebSocket?: WebSocketConstructor | undefined;
  /** A bearer token, sent as the `access_token` query parameter. */
  token?: string | undefined;
  /**
   * Open the connection again when it drops, and resume every subscription from the seq after the last event
   * received (`from_seq`), so that iterators go on without a gap or a repeat. Requests in flight when it drops
   * are rejected with ConnectionClosedError (a start may or may not have reached the server); requests made
   * while it reconnects wait for it. @default false
   */
  reconnect?: boolean | ReconnectOptions | undefined;
}

interface Pending {
  resolve(message: ServerMessage): void;
  reject(error: Error): void;
}

interface Stream {
  queue: ExecutionEvent[];
  /** The seq of the last event received: a resumed subscription starts after it. */
  lastSeq: number;
  acknowledged: boolean;
  wake?: (() => void) | undefined;
  failure?: unknown;
}

/**
 * A typed client of the `/ws` channel: start, subscribe (as an async iterator of events) and cancel.
 *
 * @example
 * const socket = await WorkflowSocket.connect('ws://127.0.0.1:8080/ws', { reconnect: true });
 * const { execution_id } = await socket.start({ graph_json, input: {} });
 * for await (const event of socket.subscribe(execution_id!)) console.log(event._type);
 */
export class WorkflowSocket {
  private current: 'open' | 'reconnecting' | 'closed' = 'open';
  private nextRequest = 1;
  private readonly pending = new Map<string, Pending>();
  /** The local subscriptions of each execution; they share one subscription on the server. */
  private readonly streams = new Map<string, Set<Stream>>();
  private readonly unpaired: ServerMessage[] = [];
  private readonly unpairedWaiters: ((message: ServerMessage) => void)[] = [];
  private readonly stateWaiters = new Set<() => void>();

  private constructor(
    private socket: WebSocketLike,
    private readonly reopen?: () => Promise<WebSocketLike>,
    private readonly policy?: ReconnectPolicy,
  ) {
    this.listen(socket);
  }

  /** Opens a connection; resolves once it is open. */
  static async connect(url: string, options: WorkflowSocketOptions = {}): Promise<WorkflowSocket> {
    const Ctor = options.WebSocket ?? (await defaultWebSocket());
    const target = options.token ? `${url}${url.includes('?') ? '&' : '?'}access_token=${encodeURIComponent(options.token)}` : url;
    const open = async () => whenOpen(new Ctor(target), url);
    const policy = reconnectPolicy(options.reconnect);
    return new WorkflowSocket(await open(), policy && open, policy);
  }

  /** Takes over a socket the caller opened (or is opening); resolves once it is open. It is not reconnected. */
  static async attach(socket: WebSocketLike): Promise<WorkflowSocket> {
    return new WorkflowSocket(await whenOpen(socket, 'the server'));
  }

  /** `open`, `reconnecting` (after a drop, with `reconnect` on) or `closed`. */
  get state(): 'open' | 'reconnecting' | 'closed' {
    return this.current;
  }

  /** Starts an execution; resolves with the `workflow_started` reply (check `success`). */
  start(data: Schemas['StartWorkflowRequest']): Promise<Reply<'workflow_started'>> {
    return this.request({ type: 'start_workflow', data }, 'workflow_started');
  }

  /** Cancels an execution; resolves with the `workflow_cancelled` reply (check `success`). */
  cancel(executionId: string): Promise<Reply<'workflow_cancelled'>> {
    return this.request({ type: 'cancel_workflow', execution_id: executionId }, 'workflow_cancelled');
  }

  /**
   * Subscribes to an execution and yields its events from `fromSeq` on, ending after the terminal event.
   * Several loops may follow one execution on one socket; when the last one leaves early, it unsubscribes.
   * @throws Error when the server refuses the subscription; SubscriptionClosedError when the socket closes
   * first (and is not reconnected); the signal's reason when it is aborted
   */
  async *subscribe(
    executionId: string,
    { fromSeq, signal }: { fromSeq?: number | undefined; signal?: AbortSignal | undefined } = {},
  ): AsyncGenerator<ExecutionEvent, void, undefined> {
    const stream: Stream = { queue: [], lastSeq: (fromSeq ?? 1) - 1, acknowledged: false };
    const streams = this.streams.get(executionId) ?? new Set<Stream>();
    this.streams.set(executionId, streams.add(stream));
    const onAbort = () => this.fail(stream, signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    let ended = false;
    try {
      signal?.throwIfAborted();
      const ack = await this.subscribeRequest(executionId);
      if (!ack.success) throw new Error(ack.error ?? `Subscription to '${executionId}' refused`);
      stream.acknowledged = true;
      for (;;) {
        signal?.throwIfAborted();
        const event = stream.queue.shift();
        if (event) {
          ended = TERMINAL_EVENT_TYPES.has(event._type);
          yield event;
          if (ended) return;
          continue;
        }
        if (stream.failure !== undefined) throw stream.failure;
        await new Promise<void>((resolve) => (stream.wake = resolve));
        stream.wake = undefined;
      }
    } finally {
      signal?.removeEventListener('abort', onAbort);
      streams.delete(stream);
      if (streams.size === 0 && this.streams.get(executionId) === streams) {
        this.streams.delete(executionId);
        // The last consumer that stops early ends the server's side too, so that its events stop coming.
        if (!ended && stream.acknowledged && this.current === 'open')
          this.request({ type: 'unsubscribe_workflow', execution_id: executionId }, 'unsubscription_ack').catch(() => undefined);
      }
    }
  }

  /** Sends a raw frame (for protocol tests and extensions); replies arrive through {@link nextUnpaired}. */
  sendRaw(text: string): void {
    this.socket.send(text);
  }

  /** Resolves with the next server message that answers no request of this client (an `error` reply to a raw frame). */
  nextUnpaired(timeoutMs = 5000): Promise<ServerMessage> {
    const ready = this.unpaired.shift();
    if (ready) return Promise.resolve(ready);
    return new Promise((resolve, reject) => {
      const waiter = (message: ServerMessage) => {
        clearTimeout(timer);
        resolve(message);
      };
      const timer = setTimeout(() => {
        this.unpairedWaiters.splice(this.unpairedWaiters.indexOf(waiter), 1);
        reject(new Error(`No message arrived within ${timeoutMs} ms`));
      }, timeoutMs);
      this.unpairedWaiters.push(waiter);
    });
  }

  /** Closes the connection for good: requests in flight are rejected, subscriptions end with SubscriptionClosedError. */
  close(): void {
    if (this.current === 'closed') return;
    const reconnecting = this.current === 'reconnecting';
    this.current = 'closed';
    this.socket.close(1000, 'client closed');
    if (reconnecting) this.finish(1000, 'client closed');
  }

  private listen(socket: WebSocketLike): void {
    socket.addEventListener('message', (event) => {
      if (socket === this.socket) this.onMessage(event.data);
    });
    socket.addEventListener('close', (event) => {
      if (socket === this.socket) void this.onClose(event.code, event.reason);
    });
  }

  private async request<T extends ServerMessage['type']>(message: ClientMessage, replyType: T): Promise<Reply<T>> {
    if (this.current === 'reconnecting') await new Promise<void>((resolve) => this.stateWaiters.add(resolve));
    if (this.current !== 'open' || this.socket.readyState !== READY_STATE.OPEN)
      throw new ConnectionClosedError(`The WebSocket is closed; ${message.type} was not sent`);
    const requestId = String(this.nextRequest++);
    const reply = await new Promise<ServerMessage>((resolve, reject) => {
      this.pending.set(requestId, { resolve, reject });
      this.socket.send(JSON.stringify({ ...message, request_id: requestId }));
    });
    // A frame-level refusal (`error`) answers the request too: it becomes the expected reply with success false.
    return (reply.type === 'error' ? { ...reply, type: replyType } : reply) as Reply<T>;
  }

  /** The seq the server's subscription must start at so that no local subscription of the execution misses one. */
  private fromSeq(executionId: string): number {
    return Math.min(...[...(this.streams.get(executionId) ?? [])].map((stream) => stream.lastSeq + 1));
  }

  private async subscribeRequest(executionId: string): Promise<Reply<'subscription_ack'>> {
    for (;;) {
      try {
        return await this.request({ type: 'subscribe_workflow', execution_id: executionId, from_seq: this.fromSeq(executionId) }, 'subscription_ack');
      } catch (error) {
        if (!(error instanceof ConnectionClosedError) || this.current !== 'reconnecting') throw error;
      }
    }
  }

  private onMessage(data: unknown): void {
    let message: ServerMessage;
    try {
      message = JSON.parse(String(data)) as ServerMessage;
    } catch {
      return;
    }
    if (typeof message !== 'object' || message === null || typeof message.type !== 'string') return;
    if (message.type === 'network_event') {
      // A resumed or shared subscription may repeat what a stream already has: the seq tells.
      for (const stream of this.streams.get(message.execution_id) ?? []) {
        if (message.event.seq <= stream.lastSeq) continue;
        stream.lastSeq = message.event.seq;
        stream.queue.push(message.event);
        stream.wake?.();
      }
      return;
    }
    const pending = message.request_id === undefined ? undefined : this.pending.get(message.request_id);
    if (pending && message.request_id !== undefined) {
      this.pending.delete(message.request_id);
      pending.resolve(message);
      return;
    }
    const waiter = this.unpairedWaiters.shift();
    if (waiter) waiter(message);
    else this.unpaired.push(message);
  }

  private async onClose(code: number, reason: string): Promise<void> {
    const closed = new ConnectionClosedError(`The WebSocket closed (${code}${reason ? `: ${reason}` : ''}) before the reply came`, code, reason);
    for (const pending of this.pending.values()) pending.reject(closed);
    this.pending.clear();
    if (this.current === 'closed' || !this.reopen || !this.policy) return this.finish(code, reason);
    this.setState('reconnecting');
    let wait = this.policy.minDelayMs;
    for (let attempt = 0; attempt < this.policy.attempts; attempt++) {
      await delay(wait);
      // close() may have been called meanwhile (a method call, so that the check is not narrowed away).
      if (this.closedForGood()) return;
      try {
        const socket = await this.reopen();
        if (this.closedForGood()) return socket.close(1000, 'client closed');
        this.socket = socket;
        this.listen(socket);
        this.setState('open');
        for (const [executionId, streams] of this.streams) if ([...streams].some((stream) => stream.acknowledged)) void this.resume(executionId);
        return;
      } catch {
        wait = Math.min(wait * 2, this.policy.maxDelayMs);
      }
    }
    this.finish(code, reason);
  }

  /** Subscribes again after a reconnection, from the seq after the last event received. */
  private async resume(executionId: string): Promise<void> {
    const failAll = (error: unknown) => this.streams.get(executionId)?.forEach((stream) => this.fail(stream, error));
    try {
      const ack = await this.request({ type: 'subscribe_workflow', execution_id: executionId, from_seq: this.fromSeq(executionId) }, 'subscription_ack');
      if (!ack.success) failAll(new Error(ack.error ?? `Subscription to '${executionId}' refused`));
    } catch (error) {
      // Dropped again: the next reconnection resumes it, or the socket gives up and ends every stream.
      if (!(error instanceof ConnectionClosedError)) failAll(error);
    }
  }

  private finish(code: number, reason: string): void {
    this.setState('closed');
    for (const streams of this.streams.values()) {
      for (const stream of streams)
        this.fail(stream, new SubscriptionClosedError(`The WebSocket closed (${code}${reason ? `: ${reason}` : ''})`, stream.lastSeq, code));
    }
  }

  private closedForGood(): boolean {
    return this.current === 'closed';
  }

  private fail(stream: Stream, error: unknown): void {
    stream.failure ??= error;
    stream.wake?.();
  }

  private setState(state: 'open' | 'reconnecting' | 'closed'): void {
    this.current = state;
    if (state === 'reconnecting') return;
    for (const resolve of this.stateWaiters) resolve();
    this.stateWaiters.clear();
  }
}
