import autocannon from 'autocannon';
import { addMultiplyRound } from './add-multiply-round';
import { type BenchCluster, type CallCounts, type NodeCount, callCounts, resetCalls } from './bench-cluster';

/** A start load on a cluster: how long, over how many connections, and how long its executions may take to end. */
export interface LoadOptions {
  durationS: number;
  /** Split over the nodes' URLs: connection i goes to node i mod n. */
  connections: number;
  /** Past it the round reports what ended; its other executions count as unfinished. */
  drainLimitMs: number;
}

/** What one start load on a cluster measured. */
export interface RoundResult {
  started: number;
  startedPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  /** Executions of the load in the store: the 2xx answers plus the starts in flight when autocannon stopped. */
  recorded: number;
  completed: number;
  /** From the start of the load to the `ended_at` of the last execution it started. */
  completedMs: number;
  completedPerSecond: number;
  /** Still queued or running when the wait gave up (0 when every execution ended). */
  unfinished: number;
  failed: number;
  /** Executions of the load each node ran, by node id. */
  perNode: Map<string, number>;
  /** What the nodes asked of PostgreSQL and Redis from the start of the load until its executions ended, summed; absent for an embedded node. */
  calls?: CallCounts;
}

const post = (url: string) =>
  fetch(`${url}/workflows`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(addMultiplyRound) });

async function unfinished(url: string): Promise<boolean> {
  for (const status of ['queued', 'running']) {
    const body = (await (await fetch(`${url}/workflows?status=${status}&limit=1`)).json()) as { data: { items: unknown[] } };
    if (body.data.items.length > 0) return true;
  }
  return false;
}

/** Waits until no execution of the cluster is queued or running; false when that took longer than `limitMs`. */
async function drained(url: string, limitMs: number): Promise<boolean> {
  const deadline = Date.now() + limitMs;
  while (await unfinished(url)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

/** Runs one execution through each node, so the loads do not measure the first compile of the code paths. */
export async function warmUp(cluster: BenchCluster, limitMs: number): Promise<void> {
  for (const node of cluster.nodes) if (!(await post(node.url)).ok) throw new Error(`the warm-up start on ${node.url} failed`);
  if (!(await drained(cluster.nodes[0].url, limitMs))) throw new Error(`the warm-up executions of ${cluster.namespace} did not end`);
}

/** Loads a cluster with starts spread over its nodes, waits for their executions to end and counts them in the store. */
export async function loadRound(cluster: BenchCluster, options: LoadOptions): Promise<RoundResult> {
  const urls = cluster.nodes.map((node) => `${node.url}/workflows`);
  if (cluster.counted) for (const node of cluster.nodes) resetCalls(node);
  const loadStart = Date.now();
  // autocannon takes several URLs (one histogram for all of them); its types declare a single one.
  const load = {
    url: urls,
    connections: options.connections,
    duration: options.durationS,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(addMultiplyRound),
  };
  const result = await autocannon(load as unknown as autocannon.Options);
  await drained(cluster.nodes[0].url, options.drainLimitMs);
  const calls = cluster.counted ? summed(await Promise.all(cluster.nodes.map(callCounts))) : undefined;
  const { counts, lastEndedAt } = await cluster.countByNode(loadStart);
  const sum = (keep: (count: NodeCount) => boolean) => counts.filter(keep).reduce((total, count) => total + count.count, 0);
  const started = result.requests.total - result.non2xx - result.errors;
  const completed = sum((count) => count.status === 'completed');
  const completedMs = (lastEndedAt ?? loadStart) - loadStart;
  return {
    started,
    startedPerSecond: started / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    recorded: sum(() => true),
    completed,
    completedMs,
    completedPerSecond: completedMs > 0 ? (completed / completedMs) * 1000 : 0,
    unfinished: sum((count) => count.status === 'queued' || count.status === 'running'),
    failed: sum((count) => count.status !== 'completed' && count.status !== 'queued' && count.status !== 'running'),
    perNode: new Map(cluster.nodeIds.map((nodeId) => [nodeId, sum((count) => count.nodeId === nodeId)])),
    calls,
  };
}

function summed(all: readonly CallCounts[]): CallCounts {
  const total: CallCounts = { pgRoundTrips: 0, pgStatements: 0, pgTransactions: 0, redisCommands: 0, redisRoundTrips: 0, redisByCommand: {} };
  for (const calls of all) {
    total.pgRoundTrips += calls.pgRoundTrips;
    total.pgStatements += calls.pgStatements;
    total.pgTransactions += calls.pgTransactions;
    total.redisCommands += calls.redisCommands;
    total.redisRoundTrips += calls.redisRoundTrips;
    for (const [name, count] of Object.entries(calls.redisByCommand)) total.redisByCommand[name] = (total.redisByCommand[name] ?? 0) + count;
  }
  return total;
}
