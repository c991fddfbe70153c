import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';

/** A real HTTP server on 127.0.0.1 that answers after a delay and records what it saw. */
export interface SlowServer {
  url: string;
  /** Requests received so far. */
  requests: number;
  /** Requests whose client went away before the answer. */
  aborted: number;
  close(): Promise<void>;
}

/** Starts a server that answers `{ ok: true }` after `delayMs`. */
export async function startSlowServer(delayMs: number): Promise<SlowServer> {
  const timers = new Set<NodeJS.Timeout>();
  const state = { requests: 0, aborted: 0 };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    state.requests += 1;
    const timer = setTimeout(() => {
      timers.delete(timer);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true }));
    }, delayMs);
    timers.add(timer);
    res.on('close', () => {
      if (!res.writableEnded) {
        state.aborted += 1;
        clearTimeout(timer);
        timers.delete(timer);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/slow`,
    get requests() {
      return state.requests;
    },
    get aborted() {
      return state.aborted;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
