import { loadavg } from 'node:os';
import { BENCHMARKS_FILE, fmt, machineLine, median, writeSection } from './bench-report';
import { type BenchCluster, type CallCounts, startBenchCluster, startBenchEmbedded } from './bench-cluster';
import { type LoadOptions, type RoundResult, loadRound, warmUp } from './cluster-load';

/*
 * Cluster benchmark: one embedded node (SQLite) and clusters of 1, 2 and 3 nodes, all built service processes
 * (dist/, `npm run build` first), each cluster in a namespace of its own on the machine's Redis and PostgreSQL,
 * loaded in turn with starts of the add-multiply-round graph spread over their nodes, each load waited on until its
 * executions ended. The cluster nodes count what they ask of PostgreSQL and Redis (processes/call-counter.cjs).
 * Every namespace is removed afterwards, failed or not. Bounded (about 90 s); `--write` updates docs/benchmarks.md.
 */

/** `--sizes=1` loads fewer clusters and `--rounds=5` changes the rounds, for comparing changes; `--write` takes the defaults. */
const option = (name: string): string | undefined => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
const SIZES = (option('sizes') ?? '1,2,3').split(',').map(Number);
/** `--baseline=<dir>` also loads a 1-node cluster of the service built in another checkout, to compare a change in the same minutes. */
const BASELINE = option('baseline');
/** Rounds of loads, each target in turn; the machine is shared, so a slow moment lands on one round of each. */
const ROUNDS = Number(option('rounds') ?? 3);
/** 24 connections split evenly over 1, 2 and 3 nodes. */
const LOAD: LoadOptions = { durationS: 5, connections: 24, drainLimitMs: 6000 };
const TITLE = 'Cluster';
const SCRIPT = 'scripts/bench/cluster-throughput.ts';

/** Every round of one target: the embedded node or a cluster size. */
interface TargetRounds {
  label: string;
  nodeIds: readonly string[];
  rounds: RoundResult[];
}

type Count = 'started' | 'recorded' | 'completed' | 'failed' | 'unfinished' | 'errors' | 'non2xx';
const total = (rounds: readonly RoundResult[], key: Count) => rounds.reduce((sum, round) => sum + round[key], 0);
const ratioTo = (target: TargetRounds, base: TargetRounds) =>
  median(target.rounds.map((round, i) => round.completedPerSecond / base.rounds[i].completedPerSecond));
const middleRound = (rounds: readonly RoundResult[]) => [...rounds].sort((a, b) => a.completedPerSecond - b.completedPerSecond)[Math.floor(rounds.length / 2)];

function row(target: TargetRounds, embedded: TargetRounds, one: TargetRounds): string {
  const { rounds } = target;
  const middle = middleRound(rounds);
  const perNode = target.nodeIds.map((nodeId) => fmt(rounds.reduce((sum, round) => sum + (round.perNode.get(nodeId) ?? 0), 0))).join(' / ');
  const completed = `${fmt(middle.completedPerSecond)} (${fmt(middle.completed)} in ${fmt(middle.completedMs)} ms)`;
  const vsOne = target === embedded ? '' : `${ratioTo(target, one).toFixed(2)}x`;
  return `| ${target.label} | ${fmt(middle.startedPerSecond)} | ${completed} | ${middle.p50Ms} / ${middle.p99Ms} ms | ${perNode} | ${ratioTo(target, embedded).toFixed(2)}x | ${vsOne} |`;
}

/** Calls per execution over every round of a cluster size: the counts summed, over the executions recorded. */
function perRun(target: TargetRounds): { calls: CallCounts; runs: number } {
  const calls: CallCounts = { pgRoundTrips: 0, pgStatements: 0, pgTransactions: 0, redisCommands: 0, redisRoundTrips: 0, redisByCommand: {} };
  for (const round of target.rounds) {
    if (round.calls === undefined) continue;
    calls.pgRoundTrips += round.calls.pgRoundTrips;
    calls.pgStatements += round.calls.pgStatements;
    calls.pgTransactions += round.calls.pgTransactions;
    calls.redisCommands += round.calls.redisCommands;
    calls.redisRoundTrips += round.calls.redisRoundTrips;
    for (const [name, count] of Object.entries(round.calls.redisByCommand)) calls.redisByCommand[name] = (calls.redisByCommand[name] ?? 0) + count;
  }
  return { calls, runs: total(target.rounds, 'recorded') };
}

const each = (count: number, runs: number) => (runs === 0 ? '-' : (count / runs).toFixed(2));

function costRow(target: TargetRounds): string {
  const { calls, runs } = perRun(target);
  const byCommand = Object.entries(calls.redisByCommand)
    .sort(([, a], [, b]) => b - a)
    .slice(0, 4)
    .map(([name, count]) => `${name} ${each(count, runs)}`)
    .join(', ');
  return `| ${target.label} | ${each(calls.pgRoundTrips, runs)} | ${each(calls.pgStatements, runs)} | ${each(calls.pgTransactions, runs)} | ${each(calls.redisCommands, runs)} | ${each(calls.redisRoundTrips, runs)} | ${byCommand} |`;
}

function outcome({ label, rounds }: TargetRounds): string {
  return `${label}: ${fmt(total(rounds, 'started'))} starts answered 2xx, ${fmt(total(rounds, 'recorded'))} executions recorded, ${fmt(total(rounds, 'completed'))} completed, ${total(rounds, 'failed')} failed or cancelled, ${total(rounds, 'unfinished')} unfinished; ${total(rounds, 'errors')} errors, ${total(rounds, 'non2xx')} non-2xx`;
}

function section(targets: readonly TargetRounds[], date: Date, loadBefore: number): string {
  const [embedded, one] = targets;
  const clusters = targets.slice(1);
  return [
    `## ${TITLE}`,
    '',
    `Measured by \`${SCRIPT}\` on ${date.toISOString().slice(0, 10)}: ${machineLine()}.`,
    'Run it with `npm run bench:cluster`, which writes this section.',
    '',
    '| Service | Started/s | Completed/s (executions in time) | Start p50 / p99 | Executions per node (all rounds) | Completed/s vs embedded | Completed/s vs 1 node |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...targets.map((target) => row(target, embedded, one)),
    '',
    'What the cluster nodes asked of PostgreSQL and Redis, per execution (all rounds):',
    '',
    '| Cluster | PostgreSQL round trips | PostgreSQL statements | PostgreSQL transactions | Redis commands | Redis round trips | Most sent Redis commands |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...clusters.map(costRow),
    '',
    `- The embedded node is the built (\`dist/\`) service on its own SQLite store. Each cluster is built service processes in a namespace of its own on the machine's Redis (one BullMQ queue) and PostgreSQL (one schema), each node with its own port, node id and data_dir. Every node has the rate limit off, 64 executions at once and \`--log-level warn\`. The four targets run side by side (idle but for the one under load) and the namespaces are dropped afterwards.`,
    `- Load: autocannon in the benchmark process, ${LOAD.connections} connections split evenly over the nodes' URLs, POSTing the add-multiply-round graph for ${LOAD.durationS} s, after one warm-up execution per node. ${ROUNDS} rounds, each loading the embedded node, then 1, 2 and 3 nodes; a row shows the round of median completed/s, and a ratio is the median of the rounds' own ratios.`,
    `- Completed/s counts from the start of a load to the \`ended_at\` of the last execution it started; executions per node are counted in the store's \`executions\` table by \`node_id\` (node 1 / 2 / 3).`,
    "- Calls are counted inside each cluster node (`scripts/bench/processes/call-counter.cjs`, preloaded), from the start of a load until its executions ended, and divided by the executions recorded: a PostgreSQL round trip is one `query` of a node-postgres client; a transaction is a COMMIT or a statement outside BEGIN ... COMMIT; a Redis command is one that ioredis sends (a BullMQ script is one `evalsha`), and a pipeline is one round trip. They include the nodes' background work over the window (lease renewals, the queued-jobs sample, BullMQ's stalled checks) and the benchmark's polls for the end of the load, a few dozen calls per round.",
    "- This machine has 2 cores, shared by every node, Redis, PostgreSQL and the load generator, so the scaling shown is bounded by those 2 cores: the table measures the cluster's overhead and its correctness under load more than how it scales on machines of their own.",
    `- The machine's 1-minute load average when the run began: ${loadBefore.toFixed(2)}; anything else running on it shows in every row.`,
    `- Outcomes over all rounds: ${targets.map(outcome).join('. ')}. Up to ${LOAD.connections} more executions per round are recorded than starts answered: the requests in flight when autocannon stopped counting.`,
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const loadBefore = loadavg()[0];
  const targets: BenchCluster[] = [];
  try {
    targets.push(await startBenchEmbedded());
    for (const size of SIZES) targets.push(await startBenchCluster(`bench_cluster_${size}`, size));
    if (BASELINE !== undefined) targets.push(await startBenchCluster('bench_cluster_baseline', 1, BASELINE));
    for (const target of targets) await warmUp(target, LOAD.drainLimitMs);
    const measured: TargetRounds[] = targets.map((target) => ({
      label: !target.counted
        ? 'embedded'
        : target.namespace.startsWith('bench_cluster_baseline')
          ? `1 node (${BASELINE})`
          : `${target.nodes.length} node${target.nodes.length === 1 ? '' : 's'}`,
      nodeIds: target.nodeIds,
      rounds: [],
    }));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, target] of targets.entries()) {
        const result = await loadRound(target, LOAD);
        measured[i].rounds.push(result);
        const calls =
          result.calls === undefined
            ? ''
            : `, per run ${each(result.calls.pgRoundTrips, result.recorded)} pg round trips, ${each(result.calls.redisCommands, result.recorded)} redis commands`;
        process.stderr.write(
          `round ${round + 1}, ${measured[i].label}: ${fmt(result.startedPerSecond)} started/s, ${fmt(result.completedPerSecond)} completed/s${calls}\n`,
        );
      }
    }
    const text = section(measured, new Date(), loadBefore);
    process.stdout.write(`${text}\n`);
    if (process.argv.includes('--write')) writeSection(BENCHMARKS_FILE, TITLE, text);
  } finally {
    const cleaned = await Promise.allSettled(targets.map((target) => target.destroy()));
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
