import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { WebSocket } from 'ws';
import { BENCHMARKS_FILE, type BenchRow, benchSection, fmt, percentile, writeSection } from './bench-report';
import { freePort, serviceEnvironment, startProcess } from './bench-processes';

/*
 * WebSocket benchmark against the built service in its own process: 100 subscribers of an execution that
 * emits about 1,000 events/s for 10 s (every event delivered, in order, and how late), then 1,000 clients
 * connecting and subscribing while an execution runs, with /health probed meanwhile. Bounded (about 40 s);
 * `--write` updates docs/benchmarks.md.
 */

const SUBSCRIBERS = 100;
/** Worker threads the subscribers are spread over. */
const SUBSCRIBER_THREADS = 4;
const RUN_SECONDS = 10;
const CONNECTING = 1000;
/** Items of the warm-up run, which also times an item. */
const WARM_UP_ITEMS = 300;

interface NetworkEvent {
  seq: number;
  timestamp: number;
  _type: string;
}

/** A loop over `items` elements, each fetched from a local server that answers after `delayMs`: a paced stream of events. */
function pacedGraph(items: number, url: string) {
  return {
    graph_json: {
      properties: { name: 'paced-stream' },
      processes: {
        loop: { component: 'tpl_loop', metadata: { config: { loopType: 'for-each', maxIterations: items } } },
        fetch: { component: 'tpl_http_request', metadata: { config: { url, method: 'GET', retryCount: 0, timeout: 5000 } } },
      },
      connections: [{ from: { nodeId: 'loop', portId: 'item-out' }, to: { nodeId: 'fetch', portId: 'data-in' } }],
      inports: { items: { process: 'loop', port: 'items-in' } },
    },
    input: { items: Array.from({ length: items }, (_, i) => i) },
  };
}

async function startRun(url: string, body: unknown): Promise<string> {
  const response = await fetch(`${url}/workflows`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await response.json()) as { data: { execution_id: string } };
  return json.data.execution_id;
}

function open(wsUrl: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** Subscribes; resolves once the subscription is acknowledged (the replay and live events that follow are left unread). */
function subscribeAcknowledged(ws: WebSocket, executionId: string): Promise<void> {
  return new Promise<void>((resolve) => {
    const onMessage = (data: unknown): void => {
      if ((JSON.parse(String(data)) as { type: string }).type !== 'subscription_ack') return;
      ws.off('message', onMessage);
      resolve();
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ type: 'subscribe_workflow', execution_id: executionId }));
  });
}

/** Probes `url` every 25 ms from a child process until `stop`, which answers the probes' latencies in ms. */
async function startHealthProbe(url: string): Promise<{ stop(): Promise<number[]> }> {
  const child = fork(path.join(__dirname, 'processes', 'health-probe.cjs'), { env: { ...process.env, PROBE_URL: url, INTERVAL_MS: '25' } });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('error', reject);
  });
  return {
    stop: () =>
      new Promise<number[]>((resolve, reject) => {
        child.once('message', (message) => resolve((message as { latencies: number[] }).latencies));
        child.once('exit', (code) => reject(new Error(`The health probe exited with ${code}`)));
        child.send('stop');
      }),
  };
}

/** What one subscriber of a worker thread saw: the seqs in order of arrival, live delivery latencies (ms), and how many were replayed. */
interface SubscriberOutcome {
  seqs: number[];
  latencies: number[];
  replayed: number;
}

/** One worker thread's subscribers following a run: acknowledged, then everything they saw once it ended. */
interface Following {
  subscribed: Promise<void>;
  followed: Promise<SubscriberOutcome[]>;
}

interface SubscriberGroup {
  follow(executionId: string): Following;
  close(): Promise<number>;
}

/** `total` open WebSocket connections in `threads` worker threads, each group subscribing when told. */
async function openSubscriberGroups(wsUrl: string, total: number, threads: number): Promise<SubscriberGroup[]> {
  return Promise.all(
    Array.from({ length: threads }, async (_, i) => {
      const sockets = Math.floor(total / threads) + (i < total % threads ? 1 : 0);
      const worker = new Worker(path.join(__dirname, 'processes', 'ws-subscribers.cjs'), { workerData: { url: wsUrl, sockets } });
      await new Promise<void>((resolve, reject) => {
        worker.once('message', () => resolve());
        worker.once('error', reject);
      });
      return {
        follow: (executionId: string): Following => {
          let subscribed: () => void = () => undefined;
          const following = {
            subscribed: new Promise<void>((resolve) => (subscribed = resolve)),
            followed: new Promise<SubscriberOutcome[]>((resolve, reject) => {
              const onMessage = (message: { type: 'subscribed' } | { type: 'followed'; followed: SubscriberOutcome[] }): void => {
                if (message.type === 'subscribed') return subscribed();
                worker.off('message', onMessage);
                resolve(message.followed);
              };
              worker.on('message', onMessage);
              worker.once('error', reject);
            }),
          };
          worker.postMessage(executionId);
          return following;
        },
        close: () => worker.terminate(),
      };
    }),
  );
}

/** The timestamps of an execution's events, in seq order, read over HTTP. */
async function eventTimes(url: string, executionId: string): Promise<number[]> {
  const times: number[] = [];
  let fromSeq: number | null = 1;
  while (fromSeq !== null) {
    const response = await fetch(`${url}/workflows/${executionId}/events?from_seq=${fromSeq}&limit=1000`, { headers: { accept: 'application/json' } });
    const page = (await response.json()) as { data: { events: NetworkEvent[]; next_seq: number | null } };
    times.push(...page.data.events.map((event) => event.timestamp));
    fromSeq = page.data.next_seq;
  }
  return times;
}

/** Resolves once an execution's log has stopped growing for 50 ms (read page by page; a running one's pages never end). */
async function logAtRest(url: string, executionId: string): Promise<void> {
  let nextSeq = 1;
  for (let quiet = 0; quiet < 2;) {
    const response = await fetch(`${url}/workflows/${executionId}/events?from_seq=${nextSeq}&limit=1000`, { headers: { accept: 'application/json' } });
    const read = ((await response.json()) as { data: { events: NetworkEvent[] } }).data.events.length;
    nextSeq += read;
    quiet = read === 0 ? quiet + 1 : 0;
    if (read === 0) await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-ws-'));
  // About 3 ms per item with the actors' work, hence about 1,000 events/s.
  const delayMs = 2;
  // Holds its answers while closed: a run waits at its first request until every subscriber is acknowledged.
  let gate: Promise<void> = Promise.resolve();
  const upstream = createServer((_req, res) => void gate.then(() => setTimeout(() => res.end('{"ok":true}'), delayMs)));
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as { port: number }).port}/`;
  const port = await freePort();
  const service = await startProcess(['dist/server/main.js'], serviceEnvironment(port, dataDir), port, '/health');
  const wsUrl = `${service.url.replace('http', 'ws')}/ws`;
  const sockets: WebSocket[] = [];
  let groups: SubscriberGroup[] = [];
  try {
    // Part 1: 100 subscribers of one paced run, spread over worker threads. A first, shorter run followed by the
    // same subscribers warms both sides up (compiled code, loaded modules). The measured run has more items than
    // it can go through in RUN_SECONDS and is cancelled then.
    groups = await openSubscriberGroups(wsUrl, SUBSCRIBERS, SUBSCRIBER_THREADS);
    const warmId = await startRun(service.url, pacedGraph(WARM_UP_ITEMS, upstreamUrl));
    await Promise.all(groups.map((group) => group.follow(warmId).followed));
    const items = RUN_SECONDS * 1000;
    let openGate: () => void = () => undefined;
    gate = new Promise((resolve) => (openGate = resolve));
    service.resetLoop();
    const executionId = await startRun(service.url, pacedGraph(items, upstreamUrl));
    // The loop queues its first items at once; the subscribers join once that burst is in the log and the run is
    // held at its first request, so that every event after their acknowledgement belongs to the steady stream.
    await logAtRest(service.url, executionId);
    const following = groups.map((group) => group.follow(executionId));
    await Promise.all(following.map((group) => group.subscribed));
    openGate();
    const cancel = setTimeout(() => void fetch(`${service.url}/workflows/${executionId}/cancel`, { method: 'POST' }), RUN_SECONDS * 1000);
    const results = (await Promise.all(following.map((group) => group.followed))).flat();
    clearTimeout(cancel);
    const streamLoop = await service.loop();
    const lastSeq = Math.max(...results.map(({ seqs }) => seqs.at(-1) ?? 0));
    const complete = results.filter(({ seqs }) => seqs.length === lastSeq && seqs.every((seq, i) => seq === i + 1)).length;
    // Live delivery: events the run emitted once the subscription was acknowledged. Those emitted before it are
    // the replay of the log (the run starts before the 100 subscriptions are made), counted for completeness only.
    const latencies = results.flatMap(({ latencies }) => latencies);
    const replayed = results.reduce((sum, { replayed }) => sum + replayed, 0);
    const times = await eventTimes(service.url, executionId);
    const spanMs = times.at(-1)! - times[0];

    // Part 2: 1,000 clients connecting and subscribing while a run goes on, /health probed every 25 ms from a process of its own.
    const running = await startRun(service.url, pacedGraph(items, upstreamUrl));
    service.resetLoop();
    const probe = await startHealthProbe(`${service.url}/health`);
    const started = performance.now();
    const subscribed = await Promise.all(
      Array.from({ length: CONNECTING }, async () => {
        const ws = await open(wsUrl);
        sockets.push(ws);
        await subscribeAcknowledged(ws, running);
      }),
    );
    const connectMs = performance.now() - started;
    const healthMs = await probe.stop();
    const connectLoop = await service.loop();
    await fetch(`${service.url}/workflows/${running}/cancel`, { method: 'POST' });
    for (const ws of sockets.splice(0)) ws.close();

    const rows: BenchRow[] = [
      {
        measure: `${SUBSCRIBERS} subscribers of one run emitting ${fmt(lastSeq)} events over ${(spanMs / 1000).toFixed(1)} s (${fmt((lastSeq / spanMs) * 1000)} events/s)`,
        result: `${complete} of ${SUBSCRIBERS} received every event in order; live delivery latency p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms (${fmt(latencies.length)} deliveries; ${fmt(replayed)} more were the replay of events emitted before a subscription was acknowledged)`,
        baseline: `server event-loop delay p99 ${streamLoop.p99.toFixed(1)} ms, max ${streamLoop.max.toFixed(1)} ms`,
      },
      {
        measure: `${fmt(CONNECTING)} clients connecting and subscribing while a run goes on`,
        result: `${subscribed.length} subscribed in ${fmt(connectMs)} ms; /health p99 ${percentile(healthMs, 99).toFixed(1)} ms (${healthMs.length} probes)`,
        baseline: `server event-loop delay p99 ${connectLoop.p99.toFixed(1)} ms, max ${connectLoop.max.toFixed(1)} ms`,
      },
    ];
    const notes = [
      `The run is a for-each loop whose items each make an HTTP request to a local server answering after ${delayMs} ms, so it emits a steady stream of events (ActorStarted, MessageSent, ActorCompleted per item). A first run of ${WARM_UP_ITEMS} items, followed by the same subscribers, warms both sides up. The measured run queues its first items at once, then its first request is held until all ${SUBSCRIBERS} subscriptions are acknowledged, so that the stream starts with every subscriber in place; it is cancelled ${RUN_SECONDS} s later (its last event is \`Cancelled\`).`,
      `Latency is the time from the event's timestamp (taken by the service) to its arrival at the subscriber (same clock, one machine), for the events emitted after the subscriber's subscription was acknowledged; earlier ones arrive as the replay of the log and are only checked for order and completeness. The 100 subscribers run in ${SUBSCRIBER_THREADS} worker threads of the benchmark process (one thread could not parse their 100,000 messages a second without queueing them), the 1,000 connecting clients and the local server in its main thread, the /health probe in a small process of its own (so that its timings are the service's, not those of a process busy with a thousand sockets), and the service runs built in its own.`,
    ];
    const section = benchSection('WebSocket', 'scripts/bench/ws-throughput.ts', rows, notes, new Date(), 'npm run bench:ws');
    process.stdout.write(`${section}\n`);
    if (process.argv.includes('--write')) writeSection(BENCHMARKS_FILE, 'WebSocket', section);
  } finally {
    await Promise.all(groups.map((group) => group.close()));
    for (const ws of sockets) ws.terminate();
    await service.stop();
    upstream.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exitCode = 1;
});
