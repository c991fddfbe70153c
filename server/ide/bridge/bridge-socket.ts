/** The `readyState` values of a {@link BridgeSocket}, as in the WebSocket standard. */
export const SOCKET_STATE = { connecting: 0, open: 1, closing: 2, closed: 3 } as const;

/** The events of a {@link BridgeSocket} and the arguments of their listeners. */
export interface BridgeSocketEvents {
  open: [];
  /** A text frame (binary frames are not forwarded). */
  message: [data: string];
  close: [code: number, reason: string];
  error: [error: Error];
}

/**
 * The little of a WebSocket client the event bridge needs. Plain modules may not import `ws`, so the
 * server passes a factory built on it; after `error` a `close` always follows.
 */
export interface BridgeSocket {
  /** One of {@link SOCKET_STATE}. */
  readonly readyState: number;
  /** Bytes accepted by `send` and not yet written to the network. */
  readonly bufferedAmount: number;
  send(data: string): void;
  /** Closes the socket (at once when it is still connecting); `close` follows. */
  close(code?: number, reason?: string): void;
  on<E extends keyof BridgeSocketEvents>(event: E, listener: (...args: BridgeSocketEvents[E]) => void): void;
}

/** Opens a {@link BridgeSocket} to a `ws://` or `wss://` URL. */
export type ConnectBridgeSocket = (url: string) => BridgeSocket;
