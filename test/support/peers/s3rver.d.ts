// Types of the parts of s3rver (a local S3-compatible server, test-only) that the S3 peer uses.
declare module 's3rver' {
  import { type Server } from 'node:http';

  /** How s3rver serves: where it listens and keeps its objects, and the buckets it starts with. */
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    configureBuckets?: { name: string }[];
  }

  /** A local S3-compatible server; it signs with the access key `S3RVER` and the secret `S3RVER`. */
  class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    readonly httpServer: Server;
  }

  export = S3rver;
}
