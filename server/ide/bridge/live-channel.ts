import { errorMessage } from '../../engine';
import { backoffDelay, retryPolicy } from '../../outbound-http';
import { type ResolvedBridgeOptions } from './bridge-options';
import { type BridgeSocket, SOCKET_STATE } from './bridge-socket';
import { type BridgeCounters } from './bridge-stats';
import { type LiveMessage } from './live-message';
import { type Logger } from '../../logger';

/** What the live channel is built from. */
export type LiveChannelOptions = Pick<
  ResolvedBridgeOptions,
  | 'connectSocket'
  | 'namespace'
  | 'nodeId'
  | 'maxBufferedLiveMessages'
  | 'maxSocketBufferedBytes'
  | 'reconnectBaseMs'
  | 'reconnectMaxMs'
  | 'connectTimeoutMs'
  | 'now'
  | 'random'
> & { url: string; logger: Logger; counters: BridgeCounters };

/** How long `close()` waits for the IDE to acknowledge the closing handshake. */
const CLOSE_WAIT_MS = 1000;

/**
 * The session object: one WebSocket to the IDE for the whole process. It says who it is first
 * (`engine.hello`), answers `ping` with `pong`, reconnects with bounded, jittered backoff when the IDE
 * goes away, and meanwhile keeps a bounded buffer of messages (the oldest dropped first) that it sends
 * once connected again. `send` never blocks and never throws.
 */
export class LiveChannel {
  private socket: BridgeSocket | null = null;
  private readonly buffer: string[] = [];
  private isOpen = false;
  private closed = false;
  private failedAttempts = 0;
  private lastError = 'closed';
  private reconnectTimer: NodeJS.Timeout | null = null;
  private connectTimer: NodeJS.Timeout | null = null;
  private onClosed: (() => void) | null = null;
  private drainScheduled = false;

  constructor(private readonly options: LiveChannelOptions) {}

  /** Whether the socket is open now. */
  get connected(): boolean {
    return this.isOpen;
  }

  /** Opens the socket in the background. */
  start(): void {
    this.connect();
  }

  /** Queues a message; it is written as soon as the socket can take it, and kept (within the bound) until then. */
  send(message: LiveMessage): void {
    if (this.closed) {
      this.options.counters.liveDropped += 1;
      return;
    }
    this.buffer.push(JSON.stringify(message));
    if (this.buffer.length > this.options.maxBufferedLiveMessages) {
      this.buffer.shift();
      this.options.counters.liveDropped += 1;
    }
    if (this.drainScheduled) return;
    this.drainScheduled = true;
    // The socket is written after the observer call has returned, never inside it.
    queueMicrotask(() => {
      this.drainScheduled = false;
      this.drain();
    });
  }

  /** Sends what it can of the buffer, drops the rest, closes the socket and stops reconnecting. */
  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.drain();
    this.closed = true;
    this.isOpen = false;
    this.clearTimers();
    this.options.counters.liveDropped += this.buffer.length;
    this.buffer.length = 0;
    const socket = this.socket;
    if (!socket || socket.readyState === SOCKET_STATE.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, CLOSE_WAIT_MS);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.onClosed = done;
      socket.close(1001, 'engine shutting down');
    });
  }

  private connect(): void {
    this.reconnectTimer = null;
    if (this.closed) return;
    let socket: BridgeSocket;
    try {
      socket = this.options.connectSocket(this.options.url);
    } catch (error) {
      this.lastError = errorMessage(error);
      this.failed(false);
      return;
    }
    this.socket = socket;
    this.connectTimer = setTimeout(() => {
      this.lastError = `not open within ${this.options.connectTimeoutMs} ms`;
      socket.close();
    }, this.options.connectTimeoutMs);
    this.connectTimer.unref();
    socket.on('open', () => this.opened(socket));
    socket.on('message', (data) => this.received(socket, data));
    socket.on('error', (error) => {
      this.lastError = errorMessage(error);
    });
    socket.on('close', (code, reason) => this.lost(socket, code, reason));
  }

  private opened(socket: BridgeSocket): void {
    if (socket !== this.socket) return;
    this.clearConnectTimer();
    this.isOpen = true;
    this.failedAttempts = 0;
    this.options.logger.info({ url: this.options.url }, 'Connected to the IDE session object');
    socket.send(
      JSON.stringify({
        type: 'engine.hello',
        namespace: this.options.namespace,
        nodeId: this.options.nodeId,
        timestamp: this.options.now(),
      } satisfies LiveMessage),
    );
    this.drain();
  }

  private received(socket: BridgeSocket, data: string): void {
    let type: unknown;
    try {
      type = (JSON.parse(data) as { type?: unknown } | null)?.type;
    } catch {
      type = undefined;
    }
    if (type === 'ping' && socket === this.socket && this.isOpen) {
      socket.send(JSON.stringify({ type: 'pong', timestamp: this.options.now() } satisfies LiveMessage));
      return;
    }
    this.options.logger.debug({ type: typeof type === 'string' ? type : null }, 'Ignored a message from the IDE');
  }

  private lost(socket: BridgeSocket, code: number, reason: string): void {
    if (socket !== this.socket) return;
    this.clearConnectTimer();
    this.socket = null;
    const wasOpen = this.isOpen;
    this.isOpen = false;
    if (this.closed) {
      this.onClosed?.();
      return;
    }
    if (wasOpen) this.options.logger.warn({ url: this.options.url, code, reason }, 'Lost the connection to the IDE session object; reconnecting');
    this.failed(wasOpen);
  }

  /** Logs the first failure of a row only (then one line per reconnection), and schedules the next attempt. */
  private failed(afterOpen: boolean): void {
    if (!afterOpen) {
      const fields = { url: this.options.url, reason: this.lastError, attempt: this.failedAttempts + 1 };
      if (this.failedAttempts === 0) this.options.logger.warn(fields, 'Could not connect to the IDE session object; retrying with backoff');
      else this.options.logger.debug(fields, 'Could not connect to the IDE session object');
      this.failedAttempts += 1;
    }
    const policy = retryPolicy({ baseMs: this.options.reconnectBaseMs, maxMs: this.options.reconnectMaxMs, random: this.options.random });
    const delay = backoffDelay(Math.max(1, this.failedAttempts) - 1, policy);
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
    this.reconnectTimer.unref();
  }

  private drain(): void {
    const socket = this.socket;
    if (!socket || !this.isOpen) return;
    while (this.buffer.length > 0 && socket.readyState === SOCKET_STATE.open && socket.bufferedAmount <= this.options.maxSocketBufferedBytes) {
      const text = this.buffer.shift() as string;
      try {
        socket.send(text);
        this.options.counters.liveSent += 1;
      } catch {
        this.buffer.unshift(text);
        return;
      }
    }
  }

  private clearConnectTimer(): void {
    if (this.connectTimer) clearTimeout(this.connectTimer);
    this.connectTimer = null;
  }

  private clearTimers(): void {
    this.clearConnectTimer();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }
}
