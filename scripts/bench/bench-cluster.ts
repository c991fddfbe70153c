import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { deleteNamespaceKeys } from '../../server/cluster';
import { dropNamespace } from '../../server/storage';
import { type ServerProcess, freePort, serviceEnvironment, startProcess } from './bench-processes';

/** The Redis of the benchmarked clusters: the service's own variable when set, else the machine's. */
export const REDIS_URL = process.env.ENGINE_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** The PostgreSQL of the benchmarked clusters: the service's own variable when set, else the machine's. */
export const DATABASE_URL = process.env.ENGINE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** How long a node may take to exit after SIGTERM before it is killed: a failed run must still end. */
const STOP_GRACE_MS = 5000;

/** Built service processes sharing one namespace on Redis and PostgreSQL. */
export interface BenchCluster {
  readonly namespace: string;
  readonly nodes: readonly ServerProcess[];
  /** The node ids, in the order of `nodes`. */
  readonly nodeIds: readonly string[];
  /** Stops every node, drops the namespace's schema, deletes its Redis keys and the nodes' data dirs. */
  destroy(): Promise<void>;
}

/**
 * Starts `size` nodes of the built service (`dist/`) in a fresh namespace `<prefix>_<8 hex>`, each with its
 * own port, node id and data dir. Whatever was started is cleaned up when a node fails to start.
 */
export async function startBenchCluster(prefix: string, size: number): Promise<BenchCluster> {
  // Lower-case and short, so the schema PostgreSQL uses is the namespace itself.
  const namespace = `${prefix}_${randomUUID().slice(0, 8)}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `${namespace}-`));
  const nodeIds = Array.from({ length: size }, (_, i) => `bench-node-${i + 1}`);
  const nodes: ServerProcess[] = [];
  // The nodes stop first, since a stopping node still writes; then every step runs even when one before it
  // failed, so a failed cleanup leaves as little behind as it can.
  const destroy = async () => {
    await Promise.all(nodes.map(stopWithin));
    const steps = await Promise.allSettled([dropNamespace(DATABASE_URL, namespace), deleteNamespaceKeys(REDIS_URL, namespace)]);
    rmSync(dataDir, { recursive: true, force: true });
    const failed = steps.find((step) => step.status === 'rejected');
    if (failed !== undefined) throw (failed as PromiseRejectedResult).reason;
  };
  try {
    const started = await Promise.allSettled(nodeIds.map((nodeId) => startNode(namespace, nodeId, path.join(dataDir, nodeId))));
    for (const result of started) if (result.status === 'fulfilled') nodes.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed !== undefined) throw (failed as PromiseRejectedResult).reason;
  } catch (error) {
    await destroy();
    throw error;
  }
  return { namespace, nodes, nodeIds, destroy };
}

async function startNode(namespace: string, nodeId: string, dataDir: string): Promise<ServerProcess> {
  const port = await freePort();
  const env = {
    ...serviceEnvironment(port, dataDir),
    ENGINE_REDIS_URL: REDIS_URL,
    ENGINE_DATABASE_URL: DATABASE_URL,
    ENGINE_NAMESPACE: namespace,
    ENGINE_NODE_ID: nodeId,
  };
  // Readiness is `/health` answering, so the log level only decides what the node writes (to a closed stdout).
  return startProcess(['dist/server/main.js', '--rate-limit-requests-per-minute', '0', '--log-level', 'warn'], env, port, '/health');
}

/** Stops a node with SIGTERM, then SIGKILL when it has not exited within the grace period. */
async function stopWithin(node: ServerProcess): Promise<void> {
  const { child } = node;
  if (child.exitCode !== null || child.signalCode !== null) return;
  let timer: NodeJS.Timeout | undefined;
  const killed = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, STOP_GRACE_MS);
  });
  await Promise.race([node.stop(), killed]);
  clearTimeout(timer);
}

/** How many executions created since a moment each node ran, by status. */
export interface NodeCount {
  nodeId: string | null;
  status: string;
  count: number;
}

/** Counts a namespace's executions created at or after `since` (epoch ms), by node and status, and the last end. */
export async function countByNode(namespace: string, since: number): Promise<{ counts: NodeCount[]; lastEndedAt: number | null }> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const table = `${client.escapeIdentifier(namespace)}.executions`;
    const counts = await client.query<{ node_id: string | null; status: string; count: string }>(
      `SELECT node_id, status, count(*) AS count FROM ${table} WHERE created_at >= $1 GROUP BY node_id, status ORDER BY node_id, status`,
      [since],
    );
    const last = await client.query<{ last: string | null }>(`SELECT max(ended_at) AS last FROM ${table} WHERE created_at >= $1`, [since]);
    return {
      counts: counts.rows.map((row) => ({ nodeId: row.node_id, status: row.status, count: Number(row.count) })),
      lastEndedAt: last.rows[0].last === null ? null : Number(last.rows[0].last),
    };
  } finally {
    await client.end();
  }
}
