import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { freePort, serviceEnvironment, startProcess } from './bench-processes';
import { BENCHMARKS_FILE, benchSection, fmt, percentile, writeSection } from './bench-report';

/*
 * An endless loop against the built service (dist/, `npm run build` first), in its own process on
 * 127.0.0.1 with a temporary data_dir: a `tpl_loop` (while, breakCondition 'false') feeding a branch node
 * runs until its 15 s timeout while /health is probed every 25 ms. Prints the events stored, the bytes the
 * data directory holds, and /health latency. Bounded (about 20 s).
 *
 *   npm run build && node --no-node-snapshot --require tsx/cjs scripts/bench/endless-loop.ts [--write]
 *
 * `--write` rewrites its section of docs/benchmarks.md (`npm run bench:limits` does). Other arguments are passed
 * to the service as flags (e.g. --max-events-per-execution 1000000).
 */

const DURATION_MS = 15_000;
const TITLE = 'Limits: an endless loop';
const WRITE = process.argv.includes('--write');
const PROBE_EVERY_MS = 25;

const ENDLESS_LOOP = {
  properties: { name: 'endless-loop' },
  processes: {
    loop: { component: 'tpl_loop', metadata: { config: { loopType: 'while', breakCondition: 'false', maxIterations: 1_000_000_000 } } },
    branch: { component: 'tpl_if_branch' },
  },
  connections: [
    { data: { n: 1 }, to: { nodeId: 'loop', portId: 'items-in' } },
    { from: { nodeId: 'loop', portId: 'item-out' }, to: { nodeId: 'branch', portId: 'input-in' } },
  ],
};

/** Bytes of the files of a directory (the databases and their write-ahead logs). */
function directoryBytes(dir: string): number {
  let total = 0;
  for (const name of readdirSync(dir)) {
    const info = statSync(path.join(dir, name), { throwIfNoEntry: false });
    if (info?.isFile()) total += info.size;
  }
  return total;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function probeHealth(url: string, until: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  while (!until()) {
    const started = performance.now();
    await (await fetch(`${url}/health`)).text();
    const took = performance.now() - started;
    latencies.push(took);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, PROBE_EVERY_MS - took)));
  }
  return latencies;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-endless-'));
  const port = await freePort();
  const service = await startProcess(
    ['dist/server/main.js', ...process.argv.slice(2).filter((arg) => arg !== '--write')],
    serviceEnvironment(port, dataDir),
    port,
    '/health',
    120_000,
  );
  let largest = 0;
  let stopped = false;
  const stop = async () => {
    if (!stopped) await service.stop();
    stopped = true;
  };
  try {
    const response = await fetch(`${service.url}/workflows`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ graph_json: ENDLESS_LOOP, metadata: { timeout_ms: DURATION_MS } }),
    });
    const id = ((await response.json()) as { data: { execution_id: string } }).data.execution_id;
    let ended = false;
    const sampler = setInterval(() => (largest = Math.max(largest, directoryBytes(dataDir))), 250);
    service.resetLoop();
    const probes = probeHealth(service.url, () => ended);
    const started = Date.now();
    let status = 'running';
    while (Date.now() - started < DURATION_MS + 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      status = ((await (await fetch(`${service.url}/workflows/${id}`)).json()) as { data: { status: string } }).data.status;
      if (status !== 'running' && status !== 'queued') break;
    }
    ended = true;
    clearInterval(sampler);
    const latencies = (await probes).sort((a, b) => a - b);
    const loop = await service.loop();
    largest = Math.max(largest, directoryBytes(dataDir));
    await stop();
    const runFor = (Date.now() - started) / 1000;
    const db = new Database(path.join(dataDir, 'executions.db'), { readonly: true });
    const stored = db.prepare('SELECT COUNT(*) AS events, SUM(LENGTH(body)) AS bytes FROM events WHERE execution_id = ?').get(id) as {
      events: number;
      bytes: number;
    };
    const dropped = db.prepare('SELECT body FROM events WHERE execution_id = ? AND body LIKE \'{"_type":"EventsDropped"%\'').get(id) as
      { body: string } | undefined;
    db.close();
    const droppedCount = dropped ? (JSON.parse(dropped.body) as { dropped: number }).dropped : 0;
    const healthMax = latencies[latencies.length - 1] ?? 0;
    if (WRITE) {
      const rows = [
        {
          measure: `Events stored by a \`tpl_loop\` that never ends (while, breakCondition 'false'), run to its ${DURATION_MS / 1000} s timeout`,
          result: `${fmt(stored.events)} (${mb(stored.bytes)} of JSON), ${fmt(droppedCount)} counted in EventsDropped`,
        },
        { measure: 'Data directory during the run', result: `${mb(largest)} at most, ${mb(directoryBytes(dataDir))} at the end` },
        {
          measure: `\`/health\` while it runs (${latencies.length} probes every ${PROBE_EVERY_MS} ms)`,
          result: `p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${healthMax.toFixed(1)} ms`,
        },
        { measure: 'Service event-loop delay', result: `p50 ${loop.p50.toFixed(1)} ms, p99 ${loop.p99.toFixed(1)} ms, max ${loop.max.toFixed(1)} ms` },
      ];
      const notes = [
        `The built service in its own process on 127.0.0.1, default limits (\`max_events_per_execution\` 100,000, \`max_event_log_mb\` 64), a temporary \`data_dir\`; the run ended \`${status}\` after ${runFor.toFixed(1)} s.`,
        'The data directory is sampled every 250 ms (the databases with their write-ahead logs).',
        'Targets: at most 110,000 events and under 100 MB stored, `/health` under 50 ms.',
      ];
      writeSection(BENCHMARKS_FILE, TITLE, benchSection(TITLE, 'scripts/bench/endless-loop.ts', rows, notes, new Date(), 'npm run bench:limits'));
    }
    const log = [
      `run: ${status} after ${runFor.toFixed(1)} s`,
      `events stored: ${stored.events} (${mb(stored.bytes)} of JSON); EventsDropped.dropped: ${droppedCount}`,
      `data directory: ${mb(directoryBytes(dataDir))} at the end, ${mb(largest)} at most during the run`,
      `/health (${latencies.length} probes every ${PROBE_EVERY_MS} ms): p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${healthMax.toFixed(1)} ms`,
      `service event-loop delay: p50 ${loop.p50.toFixed(1)} ms, p99 ${loop.p99.toFixed(1)} ms, max ${loop.max.toFixed(1)} ms`,
    ];
    process.stdout.write(`${log.join('\n')}\n`);
  } finally {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exitCode = 1;
});
