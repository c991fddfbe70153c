import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { BENCHMARKS_FILE, type BenchRow, benchSection, fmt, percentile, writeSection } from './bench-report';
import { freePort, serviceEnvironment } from './bench-processes';

/*
 * Trigger flood: the built service (dist/, `npm run build` first) in its own process on 127.0.0.1, one fresh
 * process and data directory per scenario, flooded with trigger ticks as a careless or hostile deployer would:
 * a deployment of 200 one-second interval triggers (refused by default; with max_triggers_per_deployment raised,
 * held by max_trigger_starts_per_second), a six-field cron that ticks every second, and 300 deployments created
 * at once. This process probes /health every 25 ms, each probe on a new connection; each scenario prints the runs its triggers started in
 * the 10 s from the first POST, and the /health latencies over those 10 s (or until every POST was answered,
 * when that takes longer), and from the last POST's answer on. Bounded: about a minute (without
 * --unprotected), then every process it started has stopped.
 *
 * `--unprotected` adds the same floods with every limit raised, for comparison (heavy: minutes of full load);
 * words given select the scenarios whose names hold them.
 *
 *   npm run build && node --no-node-snapshot --require tsx/cjs scripts/bench/trigger-flood.ts [--unprotected] [--write] [word...]
 *
 * `--write` rewrites its section of docs/benchmarks.md (`npm run bench:limits` does).
 */

const WINDOW_MS = 10_000;
const TITLE = 'Limits: a trigger flood';
const ROOT = path.resolve(__dirname, '../..');

interface Scenario {
  name: string;
  /** Run only with --unprotected: the service with every limit raised, for comparison. */
  unprotected?: boolean;
  /** Environment of the service beyond the benchmarks' usual one. */
  env?: Record<string, string>;
  /** The deployments to create at once. */
  deployments: { name: string; graph_json: unknown }[];
}

interface Outcome {
  statuses: Record<number, number>;
  refusal?: string;
  runs: number;
  /** The window the runs were counted over: 10 s, or until every POST was answered when that took longer. */
  windowMs: number;
  /** Time to answer every POST. */
  createMs: number;
  health: { latencies: number[]; failed: number };
  /** The probes from when every POST was answered. */
  healthAfter: { latencies: number[]; failed: number };
  rssMb: [number, number];
}

/** `count` interval triggers of `intervalMs`, each feeding a script that returns its tick. */
function intervalGraph(count: number, intervalMs = 1000): unknown {
  const processes: Record<string, unknown> = {};
  const connections: unknown[] = [];
  for (let i = 0; i < count; i += 1) {
    processes[`tick${i}`] = { component: 'tpl_interval_trigger', metadata: { config: { interval: intervalMs, startImmediately: true } } };
    processes[`keep${i}`] = { component: 'tpl_javascript_script', metadata: { config: { script: 'return data' } } };
    connections.push({ src: { process: `tick${i}`, port: 'trigger-out' }, tgt: { process: `keep${i}`, port: 'data-in' } });
  }
  return { properties: { name: 'flood' }, processes, connections };
}

function everySecondCron(): unknown {
  return {
    properties: { name: 'cron-flood' },
    processes: {
      tick: { component: 'tpl_cron_trigger', metadata: { config: { cronExpression: '* * * * * *' } } },
      keep: { component: 'tpl_javascript_script', metadata: { config: { script: 'return data' } } },
    },
    connections: [{ src: { process: 'tick', port: 'trigger-out' }, tgt: { process: 'keep', port: 'data-in' } }],
  };
}

/** The built service in a process of its own; stopped (SIGTERM) whether or not it answered. */
interface Service {
  url: string;
  stop(): Promise<void>;
}

// Waits up to a minute for /health: the machine may be busy.
async function startService(env: Record<string, string>, port: number): Promise<Service> {
  const child: ChildProcess = spawn(process.execPath, ['--no-node-snapshot', 'dist/server/main.js'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  for (const deadline = Date.now() + 60_000; ;) {
    try {
      if ((await fetch(`${url}/health`)).ok) return { url, stop };
    } catch {
      if (Date.now() > deadline || child.exitCode !== null) {
        await stop();
        throw new Error('the service did not start');
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * Probes `url` every 25 ms, each probe on a connection of its own, until `stop`, which answers the probes'
 * latencies in ms and the probes that failed.
 */
function startHealthProbe(url: string): { stop(): Promise<{ latencies: number[]; failed: number }> } {
  const latencies: number[] = [];
  let failed = 0;
  let probing = true;
  const probe = (): Promise<void> =>
    new Promise((resolve) => {
      const sent = performance.now();
      request(url, { agent: false }, (res) => res.resume().on('end', () => resolve(void latencies.push(performance.now() - sent))))
        .on('error', () => resolve(void (failed += 1)))
        .end();
    });
  const loop = (async () => {
    while (probing) {
      await probe();
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  return {
    stop: async () => {
      probing = false;
      await loop;
      return { latencies, failed };
    },
  };
}

async function rssMb(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('process_resident_memory_bytes '));
  return line === undefined ? NaN : Number(line.split(' ')[1]) / 1024 / 1024;
}

/** Runs the deployments' triggers started, summed over every deployment the service lists. */
async function runsStarted(url: string): Promise<number> {
  const body = (await (await fetch(`${url}/deployments`)).json()) as { data: { items: { triggers: { executions_started: number }[] }[] } };
  return body.data.items.reduce((sum, d) => sum + d.triggers.reduce((s, t) => s + t.executions_started, 0), 0);
}

async function post(url: string, deployment: unknown): Promise<{ status: number; body: { error?: string } }> {
  const response = await fetch(`${url}/deployments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(deployment) });
  return { status: response.status, body: (await response.json()) as { error?: string } };
}

// One deployment created and deleted first, so that the modules a first deployment loads are not the flood's cost.
async function warmUp(url: string): Promise<void> {
  await post(url, { name: 'warm-up', graph_json: intervalGraph(1, 60_000) });
  await fetch(`${url}/deployments/warm-up`, { method: 'DELETE' });
}

async function run(scenario: Scenario): Promise<Outcome> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'trigger-flood-'));
  const port = await freePort();
  let service: Service | undefined;
  try {
    service = await startService({ ...serviceEnvironment(port, dataDir), ...scenario.env }, port);
    const { url } = service;
    await warmUp(url);
    const rssBefore = await rssMb(url);
    const probe = startHealthProbe(`${url}/health`);
    const from = performance.now();
    const answers = await Promise.all(scenario.deployments.map((deployment) => post(url, deployment)));
    const createMs = performance.now() - from;
    const probeAfter = startHealthProbe(`${url}/health`);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, from + WINDOW_MS - performance.now())));
    const windowMs = performance.now() - from;
    const runs = await runsStarted(url);
    const [health, healthAfter] = await Promise.all([probe.stop(), probeAfter.stop()]);
    const statuses: Record<number, number> = {};
    for (const answer of answers) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    return {
      statuses,
      refusal: answers.find((a) => a.status >= 400)?.body.error,
      runs,
      windowMs,
      createMs,
      health,
      healthAfter,
      rssMb: [rssBefore, await rssMb(url)],
    };
  } finally {
    await service?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const ms = (value: number): string => value.toFixed(1);

const UNBOUNDED = { ENGINE_MAX_TRIGGERS_PER_DEPLOYMENT: '1000', ENGINE_MAX_DEPLOYMENTS: '1000', ENGINE_MAX_TRIGGER_STARTS_PER_SECOND: '100000' };

const scenarios: Scenario[] = [
  { name: '200-trigger deployment, defaults', deployments: [{ name: 'flood', graph_json: intervalGraph(200) }] },
  {
    name: '200-trigger deployment, max_triggers_per_deployment 500 (ceiling 10/s)',
    env: { ENGINE_MAX_TRIGGERS_PER_DEPLOYMENT: '500' },
    deployments: [{ name: 'flood', graph_json: intervalGraph(200) }],
  },
  {
    name: '200-trigger deployment, every limit raised (no protection)',
    unprotected: true,
    env: UNBOUNDED,
    deployments: [{ name: 'flood', graph_json: intervalGraph(200) }],
  },
  { name: 'six-field cron every second, defaults', deployments: [{ name: 'cron', graph_json: everySecondCron() }] },
  { name: '300 deployments at once, defaults', deployments: Array.from({ length: 300 }, (_, i) => ({ name: `burst-${i}`, graph_json: intervalGraph(1) })) },
  {
    name: '300 deployments at once, every limit raised (no protection)',
    unprotected: true,
    env: UNBOUNDED,
    deployments: Array.from({ length: 300 }, (_, i) => ({ name: `burst-${i}`, graph_json: intervalGraph(1) })),
  },
];

async function main(): Promise<void> {
  const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  const unprotected = process.argv.includes('--unprotected');
  const rows: BenchRow[] = [];
  for (const scenario of scenarios) {
    if (scenario.unprotected === true && !unprotected) continue;
    if (only.length > 0 && !only.some((word) => scenario.name.includes(word))) continue;
    let outcome: Outcome;
    try {
      outcome = await run(scenario);
    } catch (error) {
      console.log(`\n${scenario.name}\n  failed: ${(error as Error).message}`);
      continue;
    }
    const answers = Object.entries(outcome.statuses)
      .map(([status, n]) => `${n} x ${status}`)
      .join(', ');
    console.log(`\n${scenario.name}`);
    console.log(`  POST /deployments: ${answers} in ${fmt(outcome.createMs)} ms${outcome.refusal === undefined ? '' : ` (${outcome.refusal})`}`);
    console.log(`  runs started in the ${(outcome.windowMs / 1000).toFixed(1)} s from the first POST: ${outcome.runs}`);
    for (const [label, { latencies, failed }] of [
      ['whole', outcome.health],
      ['after the POSTs', outcome.healthAfter],
    ] as const) {
      const failures = failed === 0 ? '' : `, ${failed} failed`;
      console.log(
        `  /health, ${label} (${latencies.length} probes${failures}): p50 ${ms(percentile(latencies, 50))} ms, p99 ${ms(percentile(latencies, 99))} ms, max ${ms(Math.max(...latencies))} ms`,
      );
    }
    console.log(`  RSS: ${fmt(outcome.rssMb[0])} -> ${fmt(outcome.rssMb[1])} MB`);
    const { latencies } = outcome.health;
    rows.push({
      measure: scenario.name,
      result: [
        `POST /deployments: ${answers} in ${fmt(outcome.createMs)} ms`,
        `${outcome.runs} runs in ${(outcome.windowMs / 1000).toFixed(1)} s`,
        `\`/health\` p50 ${ms(percentile(latencies, 50))} ms, p99 ${ms(percentile(latencies, 99))} ms, max ${ms(Math.max(...latencies))} ms (after the POSTs: max ${ms(Math.max(...outcome.healthAfter.latencies))} ms)`,
        `RSS ${fmt(outcome.rssMb[0])} -> ${fmt(outcome.rssMb[1])} MB`,
      ].join('; '),
    });
  }
  if (process.argv.includes('--write') && rows.length > 0) {
    const notes = [
      'One fresh service process and data directory per scenario, on 127.0.0.1; runs are counted from the first POST over 10 s (or until every POST was answered, when that takes longer); `/health` is probed every 25 ms on a new connection each time.',
      'Defaults: `max_triggers_per_deployment` 10, `max_deployments` 100, `max_trigger_starts_per_second` 10.',
      'Target: the 200-trigger deployment refused or throttled, at most 200 runs in 10 s, `/health` max under 250 ms.',
    ];
    writeSection(BENCHMARKS_FILE, TITLE, benchSection(TITLE, 'scripts/bench/trigger-flood.ts', rows, notes, new Date(), 'npm run bench:limits'));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
