import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { deleteNamespaceKeys } from '../../server/cluster';
import { dropNamespace } from '../../server/storage';
import { type ServerProcess, freePort, serviceEnvironment, startProcess } from './bench-processes';

const CALL_COUNTER = path.join(__dirname, 'processes', 'call-counter.cjs');

/** The Redis of the benchmarked clusters: the service's own variable when set, else the machine's. */
export const REDIS_URL = process.env.ENGINE_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** The PostgreSQL of the benchmarked clusters: the service's own variable when set, else the machine's. */
export const DATABASE_URL = process.env.ENGINE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** How long a node may take to exit after SIGTERM before it is killed: a failed run must still end. */
const STOP_GRACE_MS = 5000;

/** Built service processes under load: a cluster sharing one namespace on Redis and PostgreSQL, or one embedded node. */
export interface BenchCluster {
  /** The cluster's namespace, or `embedded` for a node on its own SQLite store. */
  readonly namespace: string;
  /** Whether the nodes count their PostgreSQL and Redis calls (see {@link callCounts}). */
  readonly counted: boolean;
  readonly nodes: readonly ServerProcess[];
  /** The node ids, in the order of `nodes`. */
  readonly nodeIds: readonly string[];
  /** Counts the executions created at or after `since` (epoch ms) by node and status, and the last end. */
  countByNode(since: number): Promise<ExecutionCounts>;
  /** Stops every node, drops the namespace's schema, deletes its Redis keys and the nodes' data dirs. */
  destroy(): Promise<void>;
}

/**
 * Starts `size` nodes of the built service (`dist/`) in a fresh namespace `<prefix>_<8 hex>`, each with its
 * own port, node id and data dir, running the service built in `root` (this project by default). Whatever was started is cleaned up when a node fails to start.
 */
export async function startBenchCluster(prefix: string, size: number, root = '.'): Promise<BenchCluster> {
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
    const started = await Promise.allSettled(nodeIds.map((nodeId) => startNode(namespace, nodeId, path.join(dataDir, nodeId), root)));
    for (const result of started) if (result.status === 'fulfilled') nodes.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed !== undefined) throw (failed as PromiseRejectedResult).reason;
  } catch (error) {
    await destroy();
    throw error;
  }
  return { namespace, counted: true, nodes, nodeIds, countByNode: (since) => countInPostgres(namespace, since), destroy };
}

/**
 * Starts one node of the built service on its own SQLite store, with the same options as a cluster node: the
 * baseline a cluster node is compared with. Its executions are counted in its `executions.db`, read-only.
 */
export async function startBenchEmbedded(): Promise<BenchCluster> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench_embedded-'));
  const port = await freePort();
  let node: ServerProcess;
  try {
    node = await startProcess(
      ['dist/server/main.js', '--rate-limit-requests-per-minute', '0', '--log-level', 'warn'],
      serviceEnvironment(port, dataDir),
      port,
      '/health',
    );
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const destroy = async () => {
    await stopWithin(node);
    rmSync(dataDir, { recursive: true, force: true });
  };
  return {
    namespace: 'embedded',
    counted: false,
    nodes: [node],
    nodeIds: ['embedded'],
    countByNode: (since) => Promise.resolve(countInSqlite(path.join(dataDir, 'executions.db'), since)),
    destroy,
  };
}

async function startNode(namespace: string, nodeId: string, dataDir: string, root: string): Promise<ServerProcess> {
  const port = await freePort();
  const env = {
    ...serviceEnvironment(port, dataDir),
    ENGINE_REDIS_URL: REDIS_URL,
    ENGINE_DATABASE_URL: DATABASE_URL,
    ENGINE_NAMESPACE: namespace,
    ENGINE_NODE_ID: nodeId,
  };
  // Readiness is `/health` answering, so the log level only decides what the node writes (to a closed stdout).
  return startProcess(
    ['--require', CALL_COUNTER, path.join(root, 'dist/server/main.js'), '--rate-limit-requests-per-minute', '0', '--log-level', 'warn'],
    env,
    port,
    '/health',
  );
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

/** The executions of a load by node and status, and when the last of them ended. */
export interface ExecutionCounts {
  counts: NodeCount[];
  lastEndedAt: number | null;
}

async function countInPostgres(namespace: string, since: number): Promise<ExecutionCounts> {
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

function countInSqlite(file: string, since: number): ExecutionCounts {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const counts = db.prepare('SELECT status, count(*) AS count FROM executions WHERE created_at >= ? GROUP BY status ORDER BY status').all(since) as {
      status: string;
      count: number;
    }[];
    const last = db.prepare('SELECT max(ended_at) AS last FROM executions WHERE created_at >= ?').get(since) as { last: number | null };
    return { counts: counts.map((row) => ({ nodeId: 'embedded', status: row.status, count: row.count })), lastEndedAt: last.last };
  } finally {
    db.close();
  }
}

/** What a cluster node asked of PostgreSQL and Redis (scripts/bench/processes/call-counter.cjs). */
export interface CallCounts {
  pgRoundTrips: number;
  pgStatements: number;
  pgTransactions: number;
  redisCommands: number;
  redisRoundTrips: number;
  redisByCommand: Record<string, number>;
}

/** Starts a new window of call counts on a node started with the counter. */
export function resetCalls(node: ServerProcess): void {
  node.child.send({ calls: 'reset' });
}

/** The call counts of a node's window so far. */
export function callCounts(node: ServerProcess): Promise<CallCounts> {
  return new Promise((resolve) => {
    const answer = (message: unknown) => {
      if (typeof message !== 'object' || message === null || !('calls' in message)) return;
      node.child.off('message', answer);
      resolve((message as { calls: CallCounts }).calls);
    };
    node.child.on('message', answer);
    node.child.send({ calls: 'report' });
  });
}
