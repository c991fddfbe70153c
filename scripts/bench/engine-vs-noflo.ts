import os from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { BENCHMARKS_FILE, type BenchRow, benchSection, fmt, median, rate, writeSection } from './bench-report';
import { benchNetwork, chainGraph, fanOutGraph, freshThreeNodeGraph, plainChainMs } from './engine-bench-graphs';
import { runNoflo, runNofloFresh } from './noflo-shapes';

/*
 * The engine against NoFlo 1.5.2 on the same three shapes, in one process, alternating engine and NoFlo in
 * each of 5 rounds, medians reported: a 10-stage chain, a fan-out to 4 sinks, and 3-node networks built, run
 * and finished one after another (parse, validate, build and run to the terminal result for the engine), once
 * from the same graph content and once from a graph of new content every time.
 * Also the chain's plain-call baseline and the peak heap of the chain runs. `--write` updates docs/benchmarks.md.
 */

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const PACKETS = 100_000;
const STAGES = 10;
const FAN_WIDTH = 4;
const NETWORK_SECONDS = 1;
const ROUNDS = 5;
const MB = 1024 * 1024;

const times = (a: number, b: number): string => `${(a / b).toFixed(2)}x`;

async function engineRun(graph: unknown): Promise<number> {
  const network = benchNetwork(graph);
  const started = performance.now();
  await network.run();
  return performance.now() - started;
}

/** Runs `once` back to back for about `seconds`; answers runs per second. */
async function perSecond(once: () => Promise<unknown>, seconds: number): Promise<number> {
  const started = performance.now();
  let runs = 0;
  while (performance.now() - started < seconds * 1000) {
    await once();
    runs++;
  }
  return rate(runs, performance.now() - started);
}

/** Runs `work` while sampling the heap every 10 ms; answers the peak above the heap at its start, in MB. */
async function peakHeapMb(work: () => Promise<unknown>): Promise<number> {
  collectGarbage();
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 10);
  await work();
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  return (peak - base) / MB;
}

async function main(): Promise<void> {
  const loadAtStart = os.loadavg()[0];
  const samples = { chain: [[], []], fan: [[], []], networks: [[], []], fresh: [[], []], heap: [[], []] } as Record<string, [number[], number[]]>;
  let serial = 0;
  // Warm both up once, so that neither pays for compilation in the first measured round.
  await engineRun(chainGraph(10_000, STAGES));
  await runNoflo(10_000, STAGES, 1);
  for (let round = 0; round < ROUNDS; round++) {
    // Heap first, each side from a collected heap; then the timed runs, with no forced collection in between:
    // a full collection shrinks the young generation, and the run right after it pays for growing it again.
    samples.heap[0].push(await peakHeapMb(() => engineRun(chainGraph(PACKETS, STAGES))));
    samples.heap[1].push(await peakHeapMb(() => runNoflo(PACKETS, STAGES, 1)));
    samples.chain[0].push(rate(PACKETS, await engineRun(chainGraph(PACKETS, STAGES))));
    samples.chain[1].push(rate(PACKETS, await runNoflo(PACKETS, STAGES, 1)));
    samples.fan[0].push(rate(PACKETS * FAN_WIDTH, await engineRun(fanOutGraph(PACKETS, FAN_WIDTH))));
    samples.fan[1].push(rate(PACKETS * FAN_WIDTH, await runNoflo(PACKETS, 1, FAN_WIDTH)));
    samples.networks[0].push(await perSecond(() => engineRun(chainGraph(1, 1)), NETWORK_SECONDS));
    samples.networks[1].push(await perSecond(() => runNoflo(1, 1, 1), NETWORK_SECONDS));
    samples.fresh[0].push(await perSecond(() => engineRun(freshThreeNodeGraph(serial++)), NETWORK_SECONDS));
    samples.fresh[1].push(await perSecond(() => runNofloFresh(serial++), NETWORK_SECONDS));
  }
  const [chain, nofloChain] = samples.chain.map(median);
  const [fan, nofloFan] = samples.fan.map(median);
  const [networks, nofloNetworks] = samples.networks.map(median);
  const [fresh, nofloFresh] = samples.fresh.map(median);
  const [heap, nofloHeap] = samples.heap.map(median);
  const plain = rate(PACKETS, median(Array.from({ length: ROUNDS }, () => plainChainMs(PACKETS, STAGES))));
  const rows: BenchRow[] = [
    {
      measure: `Chain: ${fmt(PACKETS)} packets through ${STAGES} pass-through nodes`,
      result: `${fmt(chain)} packets/s`,
      baseline: `NoFlo ${fmt(nofloChain)} packets/s`,
      ratio: times(chain, nofloChain),
    },
    {
      measure: 'Same chain against its work as plain calls',
      result: `${fmt(chain)} packets/s`,
      baseline: `${fmt(plain)} packets/s as plain calls`,
      ratio: times(chain, plain),
    },
    {
      measure: `Fan-out: ${fmt(PACKETS)} packets from one port to ${FAN_WIDTH} sinks`,
      result: `${fmt(fan)} deliveries/s`,
      baseline: `NoFlo ${fmt(nofloFan)} deliveries/s`,
      ratio: times(fan, nofloFan),
    },
    {
      measure: '3-node networks (source, pass, sink; one packet) built, run and finished one after another',
      result: `${fmt(networks)} networks/s`,
      baseline: `NoFlo ${fmt(nofloNetworks)} networks/s`,
      ratio: times(networks, nofloNetworks),
    },
    {
      measure: 'Same 3-node networks, each from a graph of new content (a new graph name), read from FBP JSON',
      result: `${fmt(fresh)} networks/s`,
      baseline: `NoFlo ${fmt(nofloFresh)} networks/s`,
      ratio: times(fresh, nofloFresh),
    },
    {
      measure: 'Peak heap above the start during the chain run',
      result: `${heap.toFixed(1)} MB`,
      baseline: `NoFlo ${nofloHeap.toFixed(1)} MB`,
      ratio: times(heap, nofloHeap),
    },
  ];
  const notes = [
    `Medians of ${ROUNDS} rounds; each round runs every shape on the engine and then on NoFlo 1.5.2 (npm \`noflo\`), in this one process. Peak heap comes from separate chain runs that start from a forced collection; the timed runs force none (a full collection shrinks the young generation and slows the next run of either by 30-60%).`,
    'Both run compiled by tsc (`dist-bench/`), as the service runs from `dist/`: under tsx every arrow function and class is wrapped to keep its name, which cost the engine about 40% of its networks/s.',
    'Both run the same work: a source sending numbers, pass-through nodes forwarding them, counting sinks. NoFlo runs are timed until the sinks have seen every packet, not until its end-of-network debounce.',
    'Engine networks/s counts reading and validating the graph (compiled once per graph content and reused, as the service does for a workflow started again: the graph compiled last is found by one comparison), building and running to the terminal result; NoFlo networks/s counts building the graph, `createNetwork` (components from one loader kept across runs) and running until the sink saw the packet.',
    "The fresh-graph row hands each side the same graph as FBP JSON in NoFlo's form (`processes`, `src`/`tgt`; each with its own component names, and NoFlo's source started by an initial packet), a new object with a graph name never seen before: the engine reads, validates and compiles it through the same compiler as above (nothing it remembers applies, and it remembers the new graph as the service would), NoFlo reads it with `noflo.graph.loadJSON`; both then build and run it as above. The node names stay the same: objects keyed by new names every time would also measure V8 making hidden classes, in both.",
    "The plain-call baseline does the chain's actor work (an inputs object, `fire`, `send`) with no queues, scheduling, ports or event log.",
    `Load average when the benchmark started: ${loadAtStart.toFixed(2)} on ${os.cpus().length} cores.`,
  ];
  const section = benchSection('Engine and NoFlo', 'scripts/bench/engine-vs-noflo.ts', rows, notes, new Date(), 'npm run bench:engine');
  process.stdout.write(`${section}\n`);
  if (process.argv.includes('--write')) writeSection(BENCHMARKS_FILE, 'Engine and NoFlo', section);
  process.exit(0);
}

void main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exitCode = 1;
});
