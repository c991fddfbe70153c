import { EventEmitter } from 'node:events';
import { type ClientOptions, WebSocket } from 'ws';
import { type BridgeSocket, type BridgeSocketEvents } from '../ide';

/** Options of {@link connectWsBridgeSocket}. */
export interface WsBridgeSocketOptions {
  /** Time the opening handshake may take. @default 5000 */
  handshakeTimeoutMs?: number;
  /** Time the IDE has to answer the closing handshake before the connection is cut. @default 1000 */
  closeTimeoutMs?: number;
  /** Largest frame accepted from the IDE. @default 1048576 */
  maxPayloadBytes?: number;
}

/**
 * Opens the event bridge's socket to the IDE with the `ws` package, and adapts it to the
 * {@link BridgeSocket} the bridge expects (text messages as strings; errors never thrown).
 */
export function connectWsBridgeSocket(url: string, options: WsBridgeSocketOptions = {}): BridgeSocket {
  // `closeTimeout` is a ws 8 option its type definitions do not list yet.
  const clientOptions: ClientOptions & { closeTimeout: number } = {
    handshakeTimeout: options.handshakeTimeoutMs ?? 5000,
    closeTimeout: options.closeTimeoutMs ?? 1000,
    maxPayload: options.maxPayloadBytes ?? 1024 * 1024,
  };
  const ws = new WebSocket(url, clientOptions);
  const events = new EventEmitter();
  ws.on('open', () => events.emit('open'));
  ws.on('message', (data, isBinary) => {
    if (!isBinary) events.emit('message', data.toString());
  });
  ws.on('close', (code, reason) => events.emit('close', code, reason.toString()));
  ws.on('error', (error) => {
    if (events.listenerCount('error') > 0) events.emit('error', error);
  });
  return {
    get readyState() {
      return ws.readyState;
    },
    get bufferedAmount() {
      return ws.bufferedAmount;
    },
    send: (data) => ws.send(data),
    close: (code, reason) => ws.close(code, reason),
    on: <E extends keyof BridgeSocketEvents>(event: E, listener: (...args: BridgeSocketEvents[E]) => void) => {
      events.on(event as string, listener as (...args: unknown[]) => void);
    },
  };
}
