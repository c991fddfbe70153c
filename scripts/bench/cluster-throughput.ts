import { loadavg } from 'node:os';
import { BENCHMARKS_FILE, fmt, machineLine, median, writeSection } from './bench-report';
import { type BenchCluster, startBenchCluster } from './bench-cluster';
import { type LoadOptions, type RoundResult, loadRound, warmUp } from './cluster-load';

/*
 * Cluster benchmark: clusters of 1, 2 and 3 built service processes (dist/, `npm run build` first), each in a
 * namespace of its own on the machine's Redis and PostgreSQL, loaded in turn with starts of the
 * add-multiply-round graph spread over their nodes, each load waited on until its executions ended. Every
 * namespace is removed afterwards, failed or not. Bounded (about 70 s); `--write` updates docs/benchmarks.md.
 */

const SIZES = [1, 2, 3] as const;
/** Rounds of loads, each size in turn; the machine is shared, so a slow moment lands on one round of each size. */
const ROUNDS = 3;
/** 24 connections split evenly over 1, 2 and 3 nodes. */
const LOAD: LoadOptions = { durationS: 5, connections: 24, drainLimitMs: 6000 };
const TITLE = 'Cluster';
const SCRIPT = 'scripts/bench/cluster-throughput.ts';

/** Every round of one cluster size. */
interface SizeRounds {
  size: number;
  nodeIds: readonly string[];
  rounds: RoundResult[];
}

const total = (rounds: readonly RoundResult[], key: 'started' | 'recorded' | 'completed' | 'failed' | 'unfinished' | 'errors' | 'non2xx') => rounds.reduce((sum, round) => sum + round[key], 0);

function row(sized: SizeRounds, one: SizeRounds): string {
  const { rounds } = sized;
  const middle = [...rounds].sort((a, b) => a.completedPerSecond - b.completedPerSecond)[Math.floor(rounds.length / 2)];
  const ratio = median(rounds.map((round, i) => round.completedPerSecond / one.rounds[i].completedPerSecond));
  const perNode = sized.nodeIds.map((nodeId) => fmt(rounds.reduce((sum, round) => sum + (round.perNode.get(nodeId) ?? 0), 0))).join(' / ');
  const completed = `${fmt(middle.completedPerSecond)} (${fmt(middle.completed)} in ${fmt(middle.completedMs)} ms)`;
  return `| ${sized.size} | ${fmt(middle.startedPerSecond)} | ${completed} | ${middle.p50Ms} / ${middle.p99Ms} ms | ${perNode} | ${ratio.toFixed(2)}x |`;
}

function outcome({ size, rounds }: SizeRounds): string {
  const nodes = `${size} node${size === 1 ? '' : 's'}`;
  return `${nodes}: ${fmt(total(rounds, 'started'))} starts answered 2xx, ${fmt(total(rounds, 'recorded'))} executions recorded, ${fmt(total(rounds, 'completed'))} completed, ${total(rounds, 'failed')} failed or cancelled, ${total(rounds, 'unfinished')} unfinished; ${total(rounds, 'errors')} errors, ${total(rounds, 'non2xx')} non-2xx`;
}

function section(sizes: readonly SizeRounds[], date: Date, loadBefore: number): string {
  const [one] = sizes;
  return [
    `## ${TITLE}`,
    '',
    `Measured by \`${SCRIPT}\` on ${date.toISOString().slice(0, 10)}: ${machineLine()}.`,
    'Run it with `npm run bench:cluster`, which writes this section.',
    '',
    '| Nodes | Started/s | Completed/s (executions in time) | Start p50 / p99 | Executions per node (all rounds) | Completed/s vs 1 node |',
    '| --- | --- | --- | --- | --- | --- |',
    ...sizes.map((sized) => row(sized, one)),
    '',
    `- Each size is a cluster of built (\`dist/\`) service processes in a namespace of its own on the machine's Redis (one BullMQ queue) and PostgreSQL (one schema), each node with its own port, node id and data_dir, the rate limit off, 64 executions at once and \`--log-level warn\`. The three clusters run side by side (idle but for the one under load) and their namespaces are dropped afterwards.`,
    `- Load: autocannon in the benchmark process, ${LOAD.connections} connections split evenly over the nodes' URLs, POSTing the add-multiply-round graph for ${LOAD.durationS} s, after one warm-up execution per node. ${ROUNDS} rounds, each loading 1, 2 then 3 nodes; a row shows the round of median completed/s, and the ratio is the median of the rounds' own ratios.`,
    `- Completed/s counts from the start of a load to the \`ended_at\` of the last execution it started; executions per node are counted in the namespace's \`executions\` table by \`node_id\` (node 1 / 2 / 3).`,
    '- This machine has 2 cores, shared by every node, Redis, PostgreSQL and the load generator, so the scaling shown is bounded by those 2 cores: the table measures the cluster\'s overhead and its correctness under load more than how it scales on machines of their own.',
    `- The machine's 1-minute load average when the run began: ${loadBefore.toFixed(2)}; anything else running on it shows in every row.`,
    `- Outcomes over all rounds: ${sizes.map(outcome).join('. ')}. Up to ${LOAD.connections} more executions per round are recorded than starts answered: the requests in flight when autocannon stopped counting.`,
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const loadBefore = loadavg()[0];
  const clusters: BenchCluster[] = [];
  try {
    for (const size of SIZES) clusters.push(await startBenchCluster(`bench_cluster_${size}`, size));
    for (const cluster of clusters) await warmUp(cluster, LOAD.drainLimitMs);
    const sizes: SizeRounds[] = clusters.map((cluster) => ({ size: cluster.nodes.length, nodeIds: cluster.nodeIds, rounds: [] }));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, cluster] of clusters.entries()) {
        const result = await loadRound(cluster, LOAD);
        sizes[i].rounds.push(result);
        process.stderr.write(`round ${round + 1}, ${cluster.nodes.length} node(s): ${fmt(result.startedPerSecond)} started/s, ${fmt(result.completedPerSecond)} completed/s\n`);
      }
    }
    const text = section(sizes, new Date(), loadBefore);
    process.stdout.write(`${text}\n`);
    if (process.argv.includes('--write')) writeSection(BENCHMARKS_FILE, TITLE, text);
  } finally {
    const cleaned = await Promise.allSettled(clusters.map((cluster) => cluster.destroy()));
    for (const result of cleaned) {
      if (result.status === 'fulfilled') continue;
      process.stderr.write(`cleanup failed: ${String(result.reason)}\n`);
      process.exitCode = 1;
    }
  }
}

void main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exitCode = 1;
});
