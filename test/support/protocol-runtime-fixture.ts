import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProtocolClient } from './protocol-client';
import { protocolSchemaProblems } from './protocol-schema';
import { type TestApp, type TestAppOptions, startTestApp } from './test-app';

/** The service a describe block of FBP protocol tests talks to, and how its tests open clients. */
export interface ProtocolRuntimeFixture {
  /** The service, started before the block's first test. */
  readonly app: TestApp;
  /** Opens a protocol client (with a secret, when given); it is checked and dropped after the test. */
  open(secret?: string): Promise<ProtocolClient>;
}

/**
 * Starts a service with a data_dir of its own for the enclosing describe block, and closes it after. Every
 * message the runtime sends a client opened through it must fit fbp-protocol's schemas, as fbp-client (under
 * fbp-spec and noflo-ui) checks each one: the check runs after each test.
 */
export function useProtocolRuntime(prefix: string, config: TestAppOptions['config'] = {}): ProtocolRuntimeFixture {
  const dataDir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  let app: TestApp | undefined;
  const clients: ProtocolClient[] = [];
  afterEach(() => {
    expect(clients.splice(0).flatMap((client) => protocolSchemaProblems(client.log))).toEqual([]);
  });
  beforeAll(async () => {
    app = await startTestApp({ config: { ...config, data_dir: dataDir } });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    get app(): TestApp {
      if (app === undefined) throw new Error('The service starts before the first test');
      return app;
    },
    async open(secret) {
      const client = await ProtocolClient.open(this.app.url, secret);
      clients.push(client);
      return client;
    },
  };
}
