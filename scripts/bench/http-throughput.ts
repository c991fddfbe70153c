import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { createApp } from '../../server/app';
import { ServerConfigSchema } from '../../server/config';
import { silentLogger } from '../../server/logger';
import { createServices } from '../../server/services';
import { type BenchRow, benchSection, writeSection } from './bench-report';

const DURATION_S = 5;
const CONNECTIONS = 20;

const multiply = {
  graph_json: {
    properties: { name: 'multiply' },
    processes: { mul: { component: 'tpl_math_multiply', metadata: { config: { precision: 2 } } } },
    connections: [],
    inports: { x: { process: 'mul', port: 'a-in' }, y: { process: 'mul', port: 'b-in' } },
    outports: { product: { process: 'mul', port: 'result-out' } },
  },
  input: { x: 3, y: 4.5 },
};

interface Load {
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

async function load(url: string, options: Partial<autocannon.Options> = {}): Promise<Load> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, ...options });
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-http-'));
  const config = ServerConfigSchema.parse({
    port: 0,
    bind_address: '127.0.0.1',
    rate_limit_requests_per_minute: 0,
    log_level: 'silent',
    data_dir: dataDir,
    max_concurrent_executions: 64,
  });
  const services = createServices(config, silentLogger);
  const app = createApp({ config, services, logger: silentLogger });
  const url = await app.listen();
  const loop = monitorEventLoopDelay({ resolution: 1 });
  try {
    const health = await load(`${url}/health`);
    const { execution } = services.executions.start({ graph_json: multiply.graph_json, input: multiply.input, metadata: {} }, { source: 'bench' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const status = await load(`${url}/workflows/${execution.id}`);
    const before = services.store.list({ limit: 1 }).items.length;
    loop.enable();
    const startedAt = Date.now();
    const starts = await load(`${url}/workflows`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(multiply) });
    let unfinished = services.store.listUnfinished().length;
    while (unfinished > 0) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      unfinished = services.store.listUnfinished().length;
    }
    const allDoneMs = Date.now() - startedAt;
    loop.disable();
    const started = Math.round(starts.requestsPerSecond * DURATION_S);
    const rows: BenchRow[] = [
      { measure: `GET /health, ${CONNECTIONS} connections, ${DURATION_S} s`, result: `${fmt(health.requestsPerSecond)} req/s, p99 ${health.p99Ms} ms` },
      {
        measure: 'GET /workflows/{id} (status of a finished execution, from SQLite)',
        result: `${fmt(status.requestsPerSecond)} req/s, p99 ${status.p99Ms} ms`,
        baseline: `${fmt(health.requestsPerSecond)} req/s on /health`,
        ratio: `${(status.requestsPerSecond / health.requestsPerSecond).toFixed(3)}x`,
      },
      {
        measure: 'POST /workflows (validate, record and start a one-node graph)',
        result: `${fmt(starts.requestsPerSecond)} req/s, p99 ${starts.p99Ms} ms`,
        baseline: `${fmt(health.requestsPerSecond)} req/s on /health`,
        ratio: `${(starts.requestsPerSecond / health.requestsPerSecond).toFixed(3)}x`,
      },
      {
        measure: 'Executions started by that load and run to completed, start of load to the last one done',
        result: `about ${fmt(started)} executions in ${fmt(allDoneMs)} ms (${fmt((started / allDoneMs) * 1000)} completed/s)`,
      },
      {
        measure: 'Event-loop delay while starting and running them (p99, max)',
        result: `p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms`,
      },
    ];
    const notes = [
      'autocannon runs in the same process as the server (one machine, 2 cores shared by both), so absolute numbers are lower than with a separate load generator; ratios against /health are the figure to compare.',
      `Errors: /health ${health.errors} (${health.non2xx} non-2xx), status ${status.errors} (${status.non2xx}), starts ${starts.errors} (${starts.non2xx}).`,
      `The store is SQLite in a temporary data_dir with WAL; ${before} execution existed before the start load.`,
    ];
    const section = benchSection('HTTP', 'scripts/bench/http-throughput.ts', rows, notes, new Date());
    console.log(section);
    if (process.argv.includes('--write')) writeSection(path.resolve(__dirname, '../../docs/benchmarks.md'), 'HTTP', section);
  } finally {
    await app.close();
    await services.shutdown(0);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
