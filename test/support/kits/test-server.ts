/**
 * The parts of a `node:http` server the network tests use. Typed by shape: actor source files import no
 * http module, only their tests do.
 */
export interface ServerLike {
  listen(port: number, host: string, callback: () => void): unknown;
  address(): { port: number } | string | null;
  close(callback?: (error?: Error) => void): unknown;
  closeAllConnections(): void;
}

/** A server listening on 127.0.0.1: its base URL (no trailing slash) and a close that ends every socket. */
export interface TestServer {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

/** Starts a test server on 127.0.0.1 with a free port. */
export function listenOnLoopback(server: ServerLike): Promise<TestServer> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      let closing: Promise<void> | undefined;
      const close = (): Promise<void> => {
        closing ??= new Promise<void>((done) => {
          server.close(() => done());
          server.closeAllConnections();
        });
        return closing;
      };
      resolve({ url: `http://127.0.0.1:${port}`, port, close });
    });
  });
}
