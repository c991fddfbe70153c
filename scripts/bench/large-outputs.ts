import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { freePort, serviceEnvironment, startProcess } from './bench-processes';
import { BENCHMARKS_FILE, benchSection, percentile, writeSection } from './bench-report';

/*
 * Large outputs: the built service (dist/, `npm run build` first) in its own process; 32 runs start at once,
 * each returning about 8 MiB of JSON (an array of 99,000 distinct 80-character strings, just under the
 * JavaScript sandbox's 8 MiB cap on a value leaving it). /health is probed every 25 ms from a process of its
 * own while the runs go on and while their results are read back; the service's RSS is sampled meanwhile.
 * Prints /health max and p99, RSS before / peak / after, and checks that every run completed and that
 * GET /workflows/{id} answers each output whole. Bounded (about a minute). `--cpu-prof DIR` starts the service
 * under `node --cpu-prof` and leaves its profile in DIR; `--write` rewrites its section of docs/benchmarks.md
 * (`npm run bench:limits` does).
 */

const TITLE = 'Limits: large outputs';

const RUNS = 32;
const ITEMS = 99_000;
const ITEM_CHARS = 80;
/** Bound of the whole measured phase: the benchmark fails rather than waits past it. */
const DEADLINE_MS = 120_000;

const SCRIPT = `const out = new Array(${ITEMS}); for (let i = 0; i < ${ITEMS}; i++) out[i] = String(i).padStart(${ITEM_CHARS}, 'x'); return out;`;

/** The output a run returns, as the benchmark expects to read it back. */
function expectedItem(i: number): string {
  return String(i).padStart(ITEM_CHARS, 'x');
}

const graph = {
  processes: { big: { component: 'tpl_javascript_script', metadata: { config: { script: SCRIPT, timeout: 60_000 } } } },
  outports: { big: { process: 'big', port: 'result-out' } },
};

/** Resident set size of a process in MB, from /proc. */
function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

// The probe runs on a thread of its own, so that its timings are the server's, not those of this process
// parsing 32 large answers. Each probe opens a new connection: a server that stalls past its keep-alive
// timeout resets an idle kept-alive connection, which would end a probe with an error instead of a time.
const PROBE_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { request } = require('node:http');
const { performance } = require('node:perf_hooks');
const latencies = [];
let errors = 0;
let probing = true;
parentPort.on('message', () => (probing = false));
(async () => {
  parentPort.postMessage('started');
  while (probing) {
    const sent = performance.now();
    await new Promise((resolve) => request(workerData.url, { agent: false }, (res) => res.resume().on('end', resolve)).on('error', () => (errors += 1, resolve())).end());
    latencies.push(performance.now() - sent);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  parentPort.postMessage({ latencies, errors });
})();
`;

/** Probes `url` every 25 ms from a thread of its own until `stop`, which answers the probes' latencies in ms and how many failed. */
async function startHealthProbe(url: string): Promise<{ stop(): Promise<{ latencies: number[]; errors: number }> }> {
  const worker = new Worker(PROBE_SOURCE, { eval: true, workerData: { url } });
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  return {
    stop: () =>
      new Promise((resolve, reject) => {
        worker.once('message', (message) => {
          resolve(message as { latencies: number[]; errors: number });
          void worker.terminate();
        });
        worker.once('error', reject);
        worker.postMessage('stop');
      }),
  };
}

/** Requests the service closed (reset, or 408) before reading them whole because it stalled past its timeouts; each is sent again. */
let resets = 0;

/** Sends one request on a connection of its own and answers the status and the body, sending it again when the connection is reset before an answer. */
async function send(url: string, method: string, body?: string): Promise<{ status: number; text: string }> {
  for (let attempt = 1; ; attempt++) {
    try {
      const answer = await sendOnce(url, method, body);
      if (answer.status !== 408 || attempt >= 5) return answer;
      resets += 1;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET' || attempt >= 5) throw error;
      resets += 1;
    }
  }
}

function sendOnce(url: string, method: string, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, agent: false, headers: body === undefined ? {} : { 'content-type': 'application/json' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

interface Execution {
  status: string;
  result: { outputs: Record<string, unknown> } | null;
}

async function getExecution(url: string, id: string): Promise<Execution> {
  const response = await send(`${url}/workflows/${id}`, 'GET');
  if (response.status !== 200) throw new Error(`GET /workflows/${id} answered ${response.status}`);
  return (JSON.parse(response.text) as { data: Execution }).data;
}

// Waits until the run has finished, reading its record once more at the end (the read a client makes).
async function awaitRun(url: string, id: string, deadline: number): Promise<Execution> {
  for (;;) {
    const execution = await getExecution(url, id);
    if (execution.status !== 'queued' && execution.status !== 'running') return execution;
    if (performance.now() > deadline) throw new Error(`Run ${id} did not finish in time`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function startRun(url: string, graphJson: unknown): Promise<string> {
  const response = await send(`${url}/workflows`, 'POST', JSON.stringify({ graph_json: graphJson }));
  if (response.status !== 200) throw new Error(`POST /workflows answered ${response.status}`);
  return (JSON.parse(response.text) as { data: { execution_id: string } }).data.execution_id;
}

function outputIsWhole(execution: Execution): boolean {
  const out = execution.result?.outputs.big;
  if (!Array.isArray(out) || out.length !== ITEMS) return false;
  return out.every((item, i) => item === expectedItem(i));
}

async function main(): Promise<void> {
  const profileAt = process.argv.indexOf('--cpu-prof');
  const profileDir = profileAt === -1 ? undefined : path.resolve(process.argv[profileAt + 1] ?? 'cpu-profiles');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-large-outputs-'));
  const port = await freePort();
  const nodeArgs = profileDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`];
  const service = await startProcess([...nodeArgs, 'dist/server/main.js'], serviceEnvironment(port, dataDir), port, '/health');
  const pid = service.child.pid as number;
  try {
    // One small run first, so that the sandbox and the store are warm before the baseline is read.
    const warm = await startRun(service.url, { processes: { n: { component: 'tpl_javascript_script', metadata: { config: { script: 'return 1' } } } } });
    await awaitRun(service.url, warm, performance.now() + 30_000);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const rssBefore = rssMb(pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(pid))), 25);
    service.resetLoop();
    const probe = await startHealthProbe(`${service.url}/health`);
    const started = performance.now();
    const deadline = started + DEADLINE_MS;
    const ids = await Promise.all(Array.from({ length: RUNS }, () => startRun(service.url, graph)));
    const executions = await Promise.all(ids.map((id) => awaitRun(service.url, id, deadline)));
    const elapsed = performance.now() - started;
    const { latencies, errors } = await probe.stop();
    const loop = await service.loop();
    clearInterval(sampler);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const rssAfter = rssMb(pid);

    const completed = executions.filter((e) => e.status === 'completed').length;
    const whole = executions.filter(outputIsWhole).length;
    const bytes = Buffer.byteLength(JSON.stringify(Array.from({ length: ITEMS }, (_, i) => expectedItem(i))));
    console.log(`${RUNS} runs, each returning ${(bytes / 1024 / 1024).toFixed(2)} MiB of JSON; all finished and read back in ${(elapsed / 1000).toFixed(1)} s`);
    console.log(
      `/health: ${latencies.length} probes, max ${Math.max(...latencies).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, p50 ${percentile(latencies, 50).toFixed(1)} ms, ${errors} failed; requests reset or timed out by the service: ${resets}`,
    );
    console.log(`event-loop delay: max ${loop.max.toFixed(1)} ms, p99 ${loop.p99.toFixed(1)} ms`);
    console.log(
      `RSS: before ${rssBefore.toFixed(0)} MB, peak ${rssPeak.toFixed(0)} MB (+${(rssPeak - rssBefore).toFixed(0)}), after ${rssAfter.toFixed(0)} MB`,
    );
    console.log(`completed ${completed}/${RUNS}, output whole ${whole}/${RUNS}`);
    if (completed !== RUNS || whole !== RUNS) process.exitCode = 1;
    if (process.argv.includes('--write')) {
      const rows = [
        {
          measure: `${RUNS} runs started at once, each returning ${(bytes / 1024 / 1024).toFixed(2)} MiB of JSON, then read back`,
          result: `${completed}/${RUNS} completed, ${whole}/${RUNS} outputs whole, in ${(elapsed / 1000).toFixed(1)} s`,
        },
        {
          measure: `\`/health\` meanwhile (${latencies.length} probes every 25 ms)`,
          result: `p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms; ${errors} failed`,
        },
        { measure: 'Service event-loop delay', result: `p99 ${loop.p99.toFixed(1)} ms, max ${loop.max.toFixed(1)} ms` },
        {
          measure: 'Service RSS',
          result: `${rssBefore.toFixed(0)} MB before, ${rssPeak.toFixed(0)} MB at peak (+${(rssPeak - rssBefore).toFixed(0)} MB), ${rssAfter.toFixed(0)} MB 3 s after`,
        },
      ];
      const notes = [
        'The built service in its own process on 127.0.0.1 with a temporary `data_dir`; `/health` is probed from a thread of its own, RSS sampled from /proc every 25 ms.',
        'Targets: `/health` under 250 ms and RSS growth under 600 MB.',
      ];
      writeSection(BENCHMARKS_FILE, TITLE, benchSection(TITLE, 'scripts/bench/large-outputs.ts', rows, notes, new Date(), 'npm run bench:limits'));
    }
  } finally {
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
