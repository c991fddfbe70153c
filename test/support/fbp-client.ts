import { dirname } from 'node:path';

/** The parts of fbp-client (the FBP protocol client under fbp-spec and noflo-ui) that the tests use. */
export interface FbpClient {
  connect(): Promise<unknown>;
  disconnect(): Promise<unknown>;
  on(event: 'protocolError', listener: (error: Error) => void): void;
  /** One function per input command of fbp-protocol's schemas, resolving with the payload of the reply. */
  readonly protocol: Record<string, Record<string, (payload?: Record<string, unknown>) => Promise<Record<string, unknown>>>>;
}

/**
 * Options of fbp-client. `skipValidation` reports a message that fbp-protocol's schemas do not define (as a
 * `protocolError`) instead of refusing it, as noflo-ui sets it; `skipPermissions` takes a message that no capability
 * of the runtime lists.
 */
export interface FbpClientOptions {
  skipValidation?: boolean;
  skipPermissions?: boolean;
  commandTimeout?: number;
}

type FbpClientFactory = (definition: { address: string; protocol: string; secret?: string }, options?: FbpClientOptions) => Promise<FbpClient>;

/**
 * Opens fbp-client, as fbp-spec installs it, on the service at `url` (its HTTP address). It is loaded in a module
 * registry of its own: fbp-protocol's tv4 validator, which the protocol tests' schema check loads, rewrites the
 * schemas' ids in place, and fbp-client builds wrong references from ids rewritten that way.
 */
export async function openFbpClient(url: string, options: FbpClientOptions = {}, secret?: string): Promise<FbpClient> {
  const path = require.resolve('fbp-client', { paths: [dirname(require.resolve('fbp-spec/package.json'))] });
  let factory: FbpClientFactory | undefined;
  jest.isolateModules(() => {
    // Jest's own require: only it loads the module into the registry isolateModules makes.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    factory = require(path) as FbpClientFactory;
  });
  const client = await factory!({ address: `${url.replace(/^http/, 'ws')}/`, protocol: 'websocket', secret }, options);
  await client.connect();
  return client;
}
