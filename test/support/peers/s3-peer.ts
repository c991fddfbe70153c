import { mkdtemp, rm } from 'node:fs/promises';
import { type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** The access key id and secret access key the S3 peer accepts: requests signed with others are refused. */
export const S3_PEER_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/** One request the S3 peer received, as the actor under test sent it. */
interface S3PeerRequest {
  readonly method: string;
  /** The path with its query string. */
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
}

/** A real S3-compatible server (s3rver) on 127.0.0.1 with its objects in a temporary directory. */
export interface S3Peer {
  /** `http://127.0.0.1:<port>`, the endpoint to point a client at. */
  readonly url: string;
  /** Every request received, in order. */
  readonly requests: S3PeerRequest[];
  /** TCP connections accepted so far. */
  readonly connections: number;
  close(): Promise<void>;
}

/** Starts an S3 peer holding the given (empty) buckets; it checks every request's signature against {@link S3_PEER_KEYS}. */
export async function startS3Peer(buckets: readonly string[]): Promise<S3Peer> {
  const directory = await mkdtemp(join(tmpdir(), 's3-peer-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: buckets.map((name) => ({ name })) });
  const { port } = await server.run();
  const requests: S3PeerRequest[] = [];
  let connections = 0;
  server.httpServer.on('connection', () => (connections += 1));
  server.httpServer.on('request', (req: { method?: string; url?: string; headers: IncomingHttpHeaders }) =>
    requests.push({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers }),
  );
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get connections() {
      return connections;
    },
    close: async () => {
      server.httpServer.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
