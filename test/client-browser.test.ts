import { type Server, createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { build } from 'esbuild';
import { type Browser } from 'playwright-core';
import { launchChromium } from './support/chromium';
import type * as sdk from '../client';
import { clientBuildOptions, withoutWs } from '../scripts/build-client';
import { httpGetGraph, multiplyGraph } from './support/graphs';
import { type SlowServer, startSlowServer } from './support/slow-server';
import { type TestApp, startTestApp } from './support/test-app';

type Sdk = typeof sdk;

/** What the page got from the service through the client. */
interface PageOutcome {
  waited: { status: string; outputs: unknown };
  socketEvents: string[];
  remaining: string | null;
}

/** A page server on its own origin: the client's browser build as a script, and an empty page that loads it. */
async function startPageServer(): Promise<{ url: string; server: Server }> {
  const bundle = await build({
    ...clientBuildOptions,
    platform: 'browser',
    format: 'iife',
    globalName: 'WorkflowClientSdk',
    plugins: [withoutWs],
    write: false,
  });
  const script = bundle.outputFiles[0].text;
  const server = createServer((req, res) => {
    if (req.url === '/client.js') return res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><script src="/client.js"></script>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

describe('the client in a real browser, on another origin', () => {
  let app: TestApp;
  let slow: SlowServer;
  let pages: { url: string; server: Server };
  let browser: Browser;
  beforeAll(async () => {
    app = await startTestApp({ config: { rate_limit_requests_per_minute: 100 } });
    slow = await startSlowServer(800);
    pages = await startPageServer();
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await slow?.close();
    await new Promise((resolve) => pages?.server.close(resolve));
  });

  it('waits over Server-Sent Events, follows a run over the browser WebSocket, and reads the rate-limit headers', async () => {
    const page = await browser.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(`${request.method()} ${new URL(request.url()).pathname}`));
    await page.goto(pages.url);
    const outcome = await page.evaluate(
      async ({ baseUrl, wsUrl, slowGraph, graph }) => {
        const { createWorkflowClient, WorkflowSocket } = (window as unknown as { WorkflowClientSdk: Sdk }).WorkflowClientSdk;
        const client = createWorkflowClient({ baseUrl });
        const started = await client.startWorkflow({ graph_json: slowGraph, input: {} });
        const execution = await client.waitForCompletion(started.data!.data.execution_id);
        const socket = await WorkflowSocket.connect(wsUrl);
        const reply = await socket.start({ graph_json: graph, input: { x: 2, y: 3 } });
        const socketEvents: string[] = [];
        for await (const event of socket.subscribe(reply.execution_id!)) socketEvents.push(event._type);
        socket.close();
        const { response } = await client.listWorkflows();
        return {
          waited: { status: execution.status, outputs: execution.result?.outputs },
          socketEvents,
          remaining: response.headers.get('ratelimit-remaining'),
        } satisfies PageOutcome;
      },
      { baseUrl: app.url, wsUrl: app.wsUrl, slowGraph: httpGetGraph(slow.url), graph: multiplyGraph() },
    );
    expect(outcome.waited.status).toBe('completed');
    expect(JSON.stringify(outcome.waited.outputs)).toContain('"ok":true');
    expect(outcome.socketEvents[0]).toBe('NetworkStarted');
    expect(outcome.socketEvents.at(-1)).toBe('Completed');
    expect(Number(outcome.remaining)).toBeGreaterThan(0);
    expect(requested.filter((request) => request.endsWith('/events'))).toHaveLength(1);
    await page.close();
  }, 60_000);
});
