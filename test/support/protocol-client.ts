import { WebSocket } from 'ws';

/** A message of the FBP Network Protocol as a test reads it. */
export interface ProtocolMessage {
  protocol: string;
  command: string;
  payload: Record<string, unknown>;
}

/** A client of the FBP protocol over a real WebSocket (subprotocol `noflo`): sends messages, and waits for the ones it expects. */
export class ProtocolClient {
  private readonly received: ProtocolMessage[] = [];
  private readonly waiters: (() => void)[] = [];
  private taken: ProtocolMessage[] = [];
  /** Every message received, in order, taken or not. */
  readonly log: ProtocolMessage[] = [];
  /** Resolves with the close code once the socket is closed. */
  readonly closed: Promise<number>;

  private constructor(
    private readonly ws: WebSocket,
    private readonly secret: string | undefined,
  ) {
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as ProtocolMessage;
      this.received.push(message);
      this.log.push(message);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => ws.once('close', (code) => resolve(code)));
  }

  /** Opens a protocol socket on the service at `url` (its HTTP address); `secret` goes with every message sent. */
  static async open(url: string, secret?: string): Promise<ProtocolClient> {
    const ws = new WebSocket(url.replace(/^http/, 'ws') + '/', 'noflo');
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    return new ProtocolClient(ws, secret);
  }

  get subprotocol(): string {
    return this.ws.protocol;
  }

  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  send(protocol: string, command: string, payload: Record<string, unknown> = {}, secret = this.secret): void {
    this.ws.send(JSON.stringify({ protocol, command, payload, secret }));
  }

  /** Sends a frame as it is: text that may not be JSON, or bytes as a binary frame. */
  sendRaw(frame: string | Buffer): void {
    this.ws.send(frame, { binary: Buffer.isBuffer(frame) });
  }

  /** Sends bytes as a text frame, whether or not they are UTF-8. */
  sendText(bytes: Buffer): void {
    this.ws.send(bytes, { binary: false });
  }

  /** Messages received so far and not yet taken by {@link next}. */
  get pending(): readonly ProtocolMessage[] {
    return this.received;
  }

  /** Waits for the next message matching protocol and command; the others before it are skipped (kept for {@link until}). */
  async next(protocol: string, command: string, timeoutMs = 5000): Promise<ProtocolMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.received.findIndex((m) => m.protocol === protocol && m.command === command);
      if (index !== -1) {
        const skipped = this.received.splice(0, index + 1);
        this.taken.push(...skipped.slice(0, -1));
        return skipped[index];
      }
      if (Date.now() > deadline) throw new Error(`No ${protocol}:${command} within ${timeoutMs} ms; got ${JSON.stringify(this.received).slice(0, 2000)}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  /** Waits for the next message matching protocol and command; answers it with every message before it. */
  async until(protocol: string, command: string, timeoutMs = 5000): Promise<ProtocolMessage[]> {
    const last = await this.next(protocol, command, timeoutMs);
    const taken = this.taken;
    this.taken = [];
    return [...taken, last];
  }

  close(): void {
    this.ws.close();
  }
}
