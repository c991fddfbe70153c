import { type IncomingMessage, type Server } from 'node:http';
import { type Socket } from 'node:net';
import { AppError } from '../errors';
import { ALLOWED, type GuardVerdict, refusal } from './verdict';

/** Counts a server's open connections and tells which ones came beyond the limit. */
export class ConnectionLimit {
  private open = 0;
  private readonly counted = new WeakSet<Socket>();
  private readonly overLimit = new WeakSet<Socket>();

  /** @param max - concurrent connections allowed; 0 means no limit */
  constructor(private readonly max: number) {}

  /**
   * Starts counting the connections of a server, and closes a connection that sends no request head within
   * `firstRequestTimeoutMs`: Node's own header timeout starts only with a request's first byte, so sockets
   * that send nothing would hold connection slots forever.
   */
  attach(server: Server, firstRequestTimeoutMs: number): void {
    const waiting = new WeakMap<Socket, NodeJS.Timeout>();
    const arrived = (socket: Socket): void => {
      clearTimeout(waiting.get(socket));
      waiting.delete(socket);
    };
    server.on('connection', (socket: Socket) => {
      this.open += 1;
      this.counted.add(socket);
      if (this.max > 0 && this.open > this.max) this.overLimit.add(socket);
      waiting.set(socket, setTimeout(() => socket.destroy(), firstRequestTimeoutMs).unref());
      socket.once('close', () => {
        this.release(socket);
        arrived(socket);
      });
    });
    server.on('request', (req: IncomingMessage) => arrived(req.socket));
    server.on('upgrade', (req: IncomingMessage) => arrived(req.socket));
  }

  /** Stops counting a connection: it closed, or another limit counts it from now on (an FBP protocol socket). */
  release(socket: Socket): void {
    if (!this.counted.delete(socket)) return;
    this.open -= 1;
    this.overLimit.delete(socket);
  }

  /** Connections open now. */
  get openConnections(): number {
    return this.open;
  }

  /** Whether a connection was accepted beyond the limit and must be turned away. */
  isOverLimit(socket: Socket): boolean {
    return this.overLimit.has(socket);
  }

  /** Whether a request or upgrade on a connection may go on: refused with 503 on a connection beyond the limit. */
  admit(socket: Socket): GuardVerdict {
    return this.isOverLimit(socket) ? refusal(this.error()) : ALLOWED;
  }

  /** The error that turns away a connection beyond the limit. */
  error(): AppError {
    return new AppError('UNAVAILABLE', `Too many connections: the server accepts at most ${this.max} at once`);
  }
}
