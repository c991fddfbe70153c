/**
 * The part of the WebSocket API the client needs. The global `WebSocket` of browsers, Deno, Bun and Node 22+,
 * and the `ws` package's `WebSocket`, all fit it as they are.
 */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open' | 'error', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { readonly data: unknown }) => void): void;
  addEventListener(type: 'close', listener: (event: { readonly code: number; readonly reason: string }) => void): void;
}

/** A constructor of WebSocket connections, such as the global `WebSocket` or the `ws` package's. */
export type WebSocketConstructor = new (url: string) => WebSocketLike;

/** `readyState` values, the same in every implementation. */
export const READY_STATE = { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 } as const;

/**
 * The WebSocket implementation to use when none is given: the global one where the runtime has it, else the
 * `ws` package (an optional peer dependency, needed on Node 20).
 * @throws Error when there is neither
 */
export async function defaultWebSocket(): Promise<WebSocketConstructor> {
  const global = (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  if (typeof global === 'function') return global;
  try {
    const ws = (await import('ws')) as unknown as { WebSocket?: WebSocketConstructor; default?: WebSocketConstructor };
    const Ctor = ws.WebSocket ?? ws.default;
    if (typeof Ctor === 'function') return Ctor;
  } catch {
    // The peer dependency is not installed: say so below.
  }
  throw new Error('This runtime has no global WebSocket: install the ws package (npm install ws) or pass the WebSocket option');
}

/** Resolves with the socket once it is open; rejects when it fails or closes first. `label` names it in errors. */
export function whenOpen(socket: WebSocketLike, label: string): Promise<WebSocketLike> {
  if (socket.readyState === READY_STATE.OPEN) return Promise.resolve(socket);
  if (socket.readyState !== READY_STATE.CONNECTING) return Promise.reject(new Error(`The WebSocket to ${label} is already closed`));
  return new Promise((resolve, reject) => {
    socket.addEventListener('open', () => resolve(socket));
    socket.addEventListener('error', () => reject(new Error(`Could not open a WebSocket to ${label}`)));
    socket.addEventListener('close', (event) => reject(new Error(`The WebSocket to ${label} closed before it opened (${event.code})`)));
  });
}
