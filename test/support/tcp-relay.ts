import { type AddressInfo, type Server, type Socket, createConnection, createServer } from 'node:net';

/**
 * A TCP relay on 127.0.0.1 to a server of the machine (PostgreSQL, Redis) that can be cut and put back on the
 * same port, as if the server went away and came back.
 */
export class TcpRelay {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly upstreamPort: number) {}

  async start(): Promise<void> {
    const server = createServer((client) => {
      const upstream = createConnection(this.upstreamPort, '127.0.0.1');
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('error', () => undefined);
        socket.on('close', () => {
          this.sockets.delete(socket);
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Closes every relayed connection and stops accepting new ones. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => server?.close(resolve));
  }
}
