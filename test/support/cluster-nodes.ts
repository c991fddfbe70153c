import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { deleteNamespaceKeys } from '../../server/cluster';
import { dropNamespace } from '../../server/storage';
import { type ServerProcess, startServerProcess } from './server-process';

/** The machine's servers a cluster test runs against. */
export const CLUSTER_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const CLUSTER_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Service processes of one cluster, in a namespace of their own, and how to clean up after them. */
export interface TestCluster {
  readonly namespace: string;
  /** Starts a node (a real process) named `nodeId`, with extra command-line options and environment (other server URLs). */
  start(nodeId: string, args?: string[], env?: Record<string, string>): Promise<ServerProcess>;
  /** Stops every node (SIGKILL), drops the namespace's schema and deletes its Redis keys. */
  destroy(): Promise<void>;
}

/** Makes a cluster with a unique namespace on the machine's Redis and PostgreSQL. */
export function testCluster(prefix: string): TestCluster {
  const namespace = `${prefix}_${randomUUID().slice(0, 8)}`;
  const dataDir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const nodes: ServerProcess[] = [];
  return {
    namespace,
    async start(nodeId, args = [], env = {}) {
      const node = await startServerProcess(['--data-dir', join(dataDir, nodeId), '--rate-limit-requests-per-minute', '0', ...args], {
        env: { ENGINE_REDIS_URL: CLUSTER_REDIS_URL, ENGINE_DATABASE_URL: CLUSTER_DATABASE_URL, ENGINE_NAMESPACE: namespace, ENGINE_NODE_ID: nodeId, ...env },
      });
      nodes.push(node);
      return node;
    },
    async destroy() {
      await Promise.all(nodes.map((node) => node.stop('SIGKILL')));
      await dropNamespace(CLUSTER_DATABASE_URL, namespace);
      await deleteNamespaceKeys(CLUSTER_REDIS_URL, namespace);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
