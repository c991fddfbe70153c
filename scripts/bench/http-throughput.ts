import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { BENCHMARKS_FILE, type BenchRow, benchSection, fmt, median, writeSection } from './bench-report';
import { type LoopDelay, type ServerProcess, freePort, serviceEnvironment, startProcess } from './bench-processes';
import { addMultiplyRound, addRandomRound } from './add-multiply-round';

/*
 * HTTP benchmark: the built service (dist/, `npm run build` first) in its own process, bare Express 4 in
 * another as the same-run baseline, and autocannon in this one. Each server process reports its event-loop
 * delay over IPC (scripts/bench/processes/loop-monitor.cjs). Bounded (about 40 s); `--write` updates
 * docs/benchmarks.md.
 */

const DURATION_S = 5;
/** Rounds of the GET loads, each bare Express then the service; medians are reported. */
const ROUNDS = 3;
const GET_DURATION_S = 3;
const CONNECTIONS = 20;

interface Load {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
}

async function load(url: string, options: Partial<autocannon.Options> = {}): Promise<Load> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, ...options });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** Runs a load against a server, with its event-loop delay over the same window. */
type Measured = Load & { loop: LoopDelay };

async function measured(server: ServerProcess, url: string, options: Partial<autocannon.Options> = {}): Promise<Measured> {
  server.resetLoop();
  const result = await load(url, options);
  return { ...result, loop: await server.loop() };
}

async function countUnfinished(url: string): Promise<number> {
  let total = 0;
  for (const status of ['queued', 'running']) {
    const body = (await (await fetch(`${url}/workflows?status=${status}&limit=100`)).json()) as { data: { items: unknown[] } };
    total += body.data.items.length;
  }
  return total;
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
const latency = (l: Load & { loop: LoopDelay }) => `p50 ${l.p50Ms} ms, p99 ${l.p99Ms} ms; event-loop delay p99 ${ms(l.loop.p99)}`;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-http-'));
  const servicePort = await freePort();
  const expressPort = await freePort();
  const service = await startProcess(['dist/server/main.js'], serviceEnvironment(servicePort, dataDir), servicePort, '/health');
  const bare = await startProcess([path.join(__dirname, 'processes', 'bare-express.cjs')], { PORT: String(expressPort) }, expressPort, '/');
  try {
    const started = (await (
      await fetch(`${service.url}/workflows`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(addMultiplyRound) })
    ).json()) as {
      data: { execution_id: string };
    };
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The machine is shared: each round measures bare Express right before the service, and the ratios are
    // the medians of the rounds' own ratios, so a slow moment of the machine lands on both sides of a ratio.
    const rounds: { express: Measured; health: Measured; status: Measured }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const short = { duration: GET_DURATION_S };
      const express = await measured(bare, `${bare.url}/`, short);
      const health = await measured(service, `${service.url}/health`, short);
      const status = await measured(service, `${service.url}/workflows/${started.data.execution_id}`, short);
      rounds.push({ express, health, status });
    }
    const middle = (key: 'express' | 'health' | 'status'): Measured =>
      [...rounds].sort((a, b) => a[key].requestsPerSecond - b[key].requestsPerSecond)[Math.floor(ROUNDS / 2)][key];
    const [express, health, status] = [middle('express'), middle('health'), middle('status')];
    const healthRatio = median(rounds.map((r) => r.health.requestsPerSecond / r.express.requestsPerSecond));
    const statusRatio = median(rounds.map((r) => r.status.requestsPerSecond / r.express.requestsPerSecond));
    const startLoad = async (body: object) => {
      service.resetLoop();
      const loadStart = Date.now();
      const result = await load(`${service.url}/workflows`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      while ((await countUnfinished(service.url)) > 0) await new Promise((resolve) => setTimeout(resolve, 20));
      return { starts: result, allDoneMs: Date.now() - loadStart, loop: await service.loop(), count: result.requests - result.non2xx - result.errors };
    };
    const { starts, allDoneMs, loop: startLoop, count: startCount } = await startLoad(addMultiplyRound);
    const journaled = await startLoad(addRandomRound);
    const rows: BenchRow[] = [
      {
        measure: `Bare Express 4 GET, ${CONNECTIONS} connections, ${GET_DURATION_S} s per round`,
        result: `${fmt(express.requestsPerSecond)} req/s (${latency(express)})`,
      },
      {
        measure: 'GET /health',
        result: `${fmt(health.requestsPerSecond)} req/s (${latency(health)})`,
        baseline: `${fmt(express.requestsPerSecond)} req/s bare Express`,
        ratio: `${healthRatio.toFixed(2)}x`,
      },
      {
        measure: 'GET /workflows/{id} (a finished execution)',
        result: `${fmt(status.requestsPerSecond)} req/s (${latency(status)})`,
        baseline: `${fmt(express.requestsPerSecond)} req/s bare Express`,
        ratio: `${statusRatio.toFixed(2)}x`,
      },
      {
        measure: 'POST /workflows of a 3-node graph (add, multiply, round): starts',
        result: `${fmt(starts.requestsPerSecond)} starts/s (p50 ${starts.p50Ms} ms, p99 ${starts.p99Ms} ms)`,
        baseline: `${fmt(express.requestsPerSecond)} req/s bare Express`,
        ratio: ratio(starts.requestsPerSecond, express.requestsPerSecond),
      },
      {
        measure: 'Executions of that load completed, from its start until the last one is done',
        result: `${fmt(startCount)} in ${fmt(allDoneMs)} ms: ${fmt((startCount / allDoneMs) * 1000)} completed/s; event-loop delay p99 ${ms(startLoop.p99)}, max ${ms(startLoop.max)}`,
      },
      {
        measure: 'POST /workflows of a 3-node graph with a journaled node (add, random, round): starts',
        result: `${fmt(journaled.starts.requestsPerSecond)} starts/s (p50 ${journaled.starts.p50Ms} ms, p99 ${journaled.starts.p99Ms} ms)`,
        baseline: `${fmt(starts.requestsPerSecond)} starts/s of the pure graph`,
        ratio: ratio(journaled.starts.requestsPerSecond, starts.requestsPerSecond),
      },
      {
        measure: 'Executions of that load completed, from its start until the last one is done',
        result: `${fmt(journaled.count)} in ${fmt(journaled.allDoneMs)} ms: ${fmt((journaled.count / journaled.allDoneMs) * 1000)} completed/s; event-loop delay p99 ${ms(journaled.loop.p99)}, max ${ms(journaled.loop.max)}`,
      },
    ];
    const notes = [
      "The service runs built (`dist/`) in its own process with a SQLite store in a temporary data_dir, the rate limit off and 64 executions at once; bare Express 4 runs in a third process; autocannon (20 connections) runs in the benchmark process. All three share the machine's cores.",
      `GET loads: ${ROUNDS} rounds of ${GET_DURATION_S} s each, bare Express right before the service in each round; the row shows the median round and the ratio is the median of the ratios of the rounds. Each start load runs once for ${DURATION_S} s.`,
      'The journaled graph draws a random number in the middle: each run writes one firing-journal row in the same group commit as its events, and deletes its journal with its terminal update (durable runs, docs/decisions.md).',
      "Event-loop delay is each server's own, measured by `monitorEventLoopDelay` preloaded into it, over the window of the load.",
      "The service answers `GET /health` and the status read before Express when nothing Express does for them would show (no request line logged, no rate limit counting the read; docs/decisions.md): Express's request setup and router are most of what bare Express costs, so both rows go beyond it.",
      `Errors: Express ${express.errors} (${express.non2xx} non-2xx), /health ${health.errors} (${health.non2xx}), status ${status.errors} (${status.non2xx}), starts ${starts.errors} (${starts.non2xx}), journaled starts ${journaled.starts.errors} (${journaled.starts.non2xx}).`,
    ];
    const section = benchSection('HTTP', 'scripts/bench/http-throughput.ts', rows, notes, new Date(), 'npm run bench:http');
    process.stdout.write(`${section}\n`);
    if (process.argv.includes('--write')) writeSection(BENCHMARKS_FILE, 'HTTP', section);
  } finally {
    await service.stop();
    await bare.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exitCode = 1;
});
