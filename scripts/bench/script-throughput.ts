import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BENCHMARKS_FILE, type BenchRow, benchSection, median, percentile, writeSection } from './bench-report';
import { type ServerProcess, freePort, serviceEnvironment, startProcess } from './bench-processes';

/*
 * Script nodes over HTTP: the built service (dist/, `npm run build` first) with its warm Python interpreters
 * (python_pool_size 2, the default), and a second one with python_pool_size 0 (a python3 process per firing) as
 * the same-run baseline. Firing costs are the engine's own (ActorCompleted.durationMs, read back from the event
 * log); a chain is timed from its POST until a status read shows it completed. Bounded (about 30 s); `--write`
 * updates docs/benchmarks.md.
 */

/** Firings of the one Python node of the per-firing run, after its first. */
const FIRINGS = 200;
/** Nodes of the chains. */
const CHAIN = 20;
/** Timed runs of each chain, after one untimed. */
const CHAIN_RUNS = 7;
/** The pause before each timed chain, so that the pool has refilled its spares. */
const SETTLE_MS = 300;

type Node = { component: string; metadata: { config: Record<string, unknown> } };

const python = (script: string): Node => ({ component: 'tpl_python_script', metadata: { config: { script } } });
const javascript = (script: string): Node => ({ component: 'tpl_javascript_script', metadata: { config: { script } } });

/** One Python node fed `count` packets: it fires once for each. */
function manyFirings(count: number) {
  return {
    graph_json: {
      properties: { name: 'python-firings' },
      processes: { py: python('return data') },
      connections: Array.from({ length: count }, (_, i) => ({ data: i, to: { nodeId: 'py', portId: 'data-in' } })),
    },
  };
}

/** `CHAIN` script nodes, each adding one to what the previous one returned. */
function chain(node: (script: string) => Node, script: string) {
  const ids = Array.from({ length: CHAIN }, (_, i) => `s${i}`);
  return {
    graph_json: {
      properties: { name: 'script-chain' },
      processes: Object.fromEntries(ids.map((id) => [id, node(script)])),
      connections: ids.slice(1).map((id, i) => ({ from: { nodeId: ids[i], portId: 'result-out' }, to: { nodeId: id, portId: 'data-in' } })),
      inports: { x: { process: 's0', port: 'data-in' } },
      outports: { result: { process: ids[CHAIN - 1], port: 'result-out' } },
    },
    input: { x: 0 },
  };
}

interface Event {
  _type: string;
  actorId?: string;
  durationMs?: number;
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Starts an execution and reads its status back to back until it has ended; answers its id and the wall time. */
async function runToEnd(service: ServerProcess, body: object): Promise<{ id: string; ms: number }> {
  const started = performance.now();
  const { data } = await json<{ data: { execution_id: string } }>(
    await fetch(`${service.url}/workflows`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  );
  for (;;) {
    const { data: execution } = await json<{ data: { status: string; result: unknown } }>(await fetch(`${service.url}/workflows/${data.execution_id}`));
    if (execution.status === 'completed') return { id: data.execution_id, ms: performance.now() - started };
    if (execution.status === 'failed' || execution.status === 'cancelled')
      throw new Error(`${data.execution_id} ${execution.status}: ${JSON.stringify(execution.result)}`);
  }
}

/** The firing durations of an execution's nodes, in log order. */
async function firings(service: ServerProcess, id: string): Promise<Event[]> {
  const events: Event[] = [];
  for (let from = 1; ;) {
    const page = await json<{ data: { events: Event[]; next_seq: number | null } }>(
      await fetch(`${service.url}/workflows/${id}/events?from_seq=${from}&limit=10000`),
    );
    events.push(...page.data.events);
    if (page.data.next_seq === null) break;
    from = page.data.next_seq;
  }
  return events.filter((event) => event._type === 'ActorCompleted');
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** Times the chain `CHAIN_RUNS` times after one untimed run: the wall times and the first node's firing. */
async function timeChain(service: ServerProcess, body: object): Promise<{ wall: number[]; first: number[] }> {
  await runToEnd(service, body);
  const wall: number[] = [];
  const first: number[] = [];
  for (let run = 0; run < CHAIN_RUNS; run++) {
    await pause(SETTLE_MS);
    const { id, ms: took } = await runToEnd(service, body);
    wall.push(took);
    first.push((await firings(service, id)).find((event) => event.actorId === 's0')?.durationMs ?? Number.NaN);
  }
  return { wall, first };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-scripts-'));
  const coldDir = mkdtempSync(path.join(tmpdir(), 'bench-scripts-cold-'));
  const warmPort = await freePort();
  const coldPort = await freePort();
  const warm = await startProcess(['dist/server/main.js'], { ...serviceEnvironment(warmPort, dataDir), ENGINE_PYTHON_POOL_SIZE: '2' }, warmPort, '/health');
  const cold = await startProcess(['dist/server/main.js'], { ...serviceEnvironment(coldPort, coldDir), ENGINE_PYTHON_POOL_SIZE: '0' }, coldPort, '/health');
  try {
    await pause(500);
    const perFiring = async (service: ServerProcess, count: number) => {
      const { id, ms: took } = await runToEnd(service, manyFirings(count + 1));
      const durations = (await firings(service, id)).map((event) => event.durationMs ?? Number.NaN).slice(1);
      return { p50: percentile(durations, 50), p99: percentile(durations, 99), perFiring: took / (count + 1) };
    };
    const warmFirings = await perFiring(warm, FIRINGS);
    const coldFirings = await perFiring(cold, 20);
    const pythonChain = await timeChain(warm, chain(python, 'return data + 1'));
    const coldChain = await timeChain(cold, chain(python, 'return data + 1'));
    const jsChain = await timeChain(warm, chain(javascript, 'return data + 1;'));
    const chainRatio = median(coldChain.wall) / median(pythonChain.wall);
    const rows: BenchRow[] = [
      {
        measure: `Python firing after the first of its run (one node fed ${FIRINGS + 1} packets; target p50 < 5 ms, p99 < 20 ms)`,
        result: `p50 ${ms(warmFirings.p50)}, p99 ${ms(warmFirings.p99)}; ${ms(warmFirings.perFiring)} per firing over the whole run`,
        baseline: `p50 ${ms(coldFirings.p50)}, p99 ${ms(coldFirings.p99)} with python_pool_size 0 (21 firings)`,
        ratio: `${(coldFirings.p50 / warmFirings.p50).toFixed(1)}x`,
      },
      {
        measure: `${CHAIN}-node Python chain, POST until completed (median of ${CHAIN_RUNS}; target < 150 ms)`,
        result: `${ms(median(pythonChain.wall))} (min ${ms(Math.min(...pythonChain.wall))}, max ${ms(Math.max(...pythonChain.wall))})`,
        baseline: `${ms(median(coldChain.wall))} with python_pool_size 0`,
        ratio: `${chainRatio.toFixed(1)}x`,
      },
      {
        measure: `First Python firing of a run, a spare ready (the chains' first node, median of ${CHAIN_RUNS}; target < 15 ms)`,
        result: `${ms(median(pythonChain.first))} (max ${ms(Math.max(...pythonChain.first))})`,
        baseline: `${ms(median(coldChain.first))} with python_pool_size 0`,
      },
      {
        measure: `${CHAIN}-node JavaScript chain, POST until completed (median of ${CHAIN_RUNS}; target < 40 ms)`,
        result: `${ms(median(jsChain.wall))} (min ${ms(Math.min(...jsChain.wall))}, max ${ms(Math.max(...jsChain.wall))})`,
        baseline: `${ms(median(pythonChain.wall))} the Python chain`,
      },
    ];
    const notes = [
      'Two built services (`dist/`) in processes of their own, each with a SQLite store in a temporary data_dir and the rate limit off: one with python_pool_size 2 (the default), one with 0 (a bubblewrap sandbox and a python3 process for every firing) for the baseline column. Python runs under bubblewrap in both.',
      "Firing times are the engine's (`ActorCompleted.durationMs`: the firing from its start until its outputs are sent), read back from the event log; chains are timed from the POST until a status read, repeated back to back, shows the run completed.",
      `Each timed chain starts ${SETTLE_MS} ms after the previous one ended, so that the pool has refilled its spare: a run takes one spare for its first Python firing, its later firings reuse that interpreter, and it is killed when the run ends.`,
      'The script of every node is `return data + 1` (`return data` for the per-firing run): the numbers are the cost of a firing, not of a script.',
    ];
    const section = benchSection('Scripts', 'scripts/bench/script-throughput.ts', rows, notes, new Date(), 'npm run bench:scripts');
    process.stdout.write(`${section}\n`);
    if (process.argv.includes('--write')) writeSection(BENCHMARKS_FILE, 'Scripts', section);
  } finally {
    await warm.stop();
    await cold.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(coldDir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exitCode = 1;
});
