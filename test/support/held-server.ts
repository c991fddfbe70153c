import { createServer, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';

/** A real HTTP server on 127.0.0.1 that holds each request until the test releases it. */
export interface HeldServer {
  url: string;
  /** Requests waiting for an answer now. */
  readonly held: number;
  /** Answers every held request with `{ ok: true }`, and every later one at once. */
  release(): void;
  /** Holds requests again from now on. */
  hold(): void;
  close(): Promise<void>;
}

/** Starts a server that holds requests (a long-running node whose end the test decides) until released. */
export async function startHeldServer(): Promise<HeldServer> {
  const waiting = new Set<ServerResponse>();
  let holding = true;
  const answer = (res: ServerResponse) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true }));
  const server = createServer((_req, res) => {
    if (!holding) return answer(res);
    waiting.add(res);
    res.on('close', () => waiting.delete(res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/held`,
    get held() {
      return waiting.size;
    },
    release: () => {
      holding = false;
      for (const res of waiting) answer(res);
      waiting.clear();
    },
    hold: () => {
      holding = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
