import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { launchChromium } from './support/chromium';
import { ideFixture } from './support/ide-fixtures';
import { type GraphJson } from './support/graphs';
import { type HeldServer, startHeldServer } from './support/held-server';
import { type TestApp, startTestApp } from './support/test-app';

const TOKEN = 'ui-test-token-5f2a9c';
// `UI_SCREENSHOTS=docs` refreshes the pictures docs/ui.md shows; otherwise they go to a temporary folder.
const SHOTS = process.env.UI_SCREENSHOTS ? resolve(__dirname, '..', process.env.UI_SCREENSHOTS) : join(tmpdir(), 'ui-screenshots');

/** An order pipeline: multiply the inputs, then a held HTTP call on one branch and a script on the other. */
function orderGraph(url: string): GraphJson {
  return {
    properties: { name: 'order-pipeline' },
    processes: {
      total: { component: 'tpl_math_multiply', metadata: { config: { precision: 2 } } },
      payload: { component: 'tpl_javascript_script', metadata: { config: { script: 'return { total: data }' } } },
      vat: { component: 'tpl_javascript_script', metadata: { config: { script: 'return Math.round(data * 20) / 100' } } },
      confirm: { component: 'tpl_http_request', metadata: { config: { url, method: 'GET', timeout: 60_000, retryCount: 0 } } },
      summary: { component: 'tpl_javascript_script', metadata: { config: { script: 'return { status: data.status, confirmed: data.body.ok }' } } },
    },
    connections: [
      { src: { process: 'total', port: 'result-out' }, tgt: { process: 'payload', port: 'data-in' } },
      { src: { process: 'total', port: 'result-out' }, tgt: { process: 'vat', port: 'data-in' } },
      { src: { process: 'payload', port: 'result-out' }, tgt: { process: 'confirm', port: 'data-in' } },
      { data: { 'x-shop': 'demo' }, tgt: { process: 'confirm', port: 'headers-in' } },
      { src: { process: 'confirm', port: 'response-out' }, tgt: { process: 'summary', port: 'data-in' } },
    ],
    inports: { quantity: { process: 'total', port: 'a-in' }, price: { process: 'total', port: 'b-in' } },
    outports: { summary: { process: 'summary', port: 'result-out' }, vat: { process: 'vat', port: 'result-out' } },
    groups: [],
  };
}

/** What a page did that the tests check: its errors (CSP refusals included) and the requests it sent. */
interface Watched {
  page: Page;
  errors: string[];
  requests: { url: string; authorization: string | undefined; accept: string | undefined }[];
}

describe('the /ui page in a real browser', () => {
  let app: TestApp;
  let held: HeldServer;
  let browser: Browser;

  async function start(id: string, input: Record<string, number> = { quantity: 3, price: 4.5 }, metadata: Record<string, string> = {}): Promise<string> {
    const { data, error } = await app.client.startWorkflow({ graph_json: orderGraph(held.url), input, metadata: { ...metadata, execution_id: id } });
    if (error) throw new Error(error.error);
    return data.data.execution_id;
  }

  async function open(hash: string, token: string | null = TOKEN): Promise<Watched> {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const watched: Watched = { page, errors: [], requests: [] };
    page.on('pageerror', (error) => watched.errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !/status of 401/.test(message.text())) watched.errors.push(message.text());
    });
    page.on('request', (request) =>
      watched.requests.push({ url: request.url(), authorization: request.headers().authorization, accept: request.headers().accept }),
    );
    if (token !== null) await page.addInitScript((value) => sessionStorage.setItem('workflow-service.token', value), token);
    await page.goto(`${app.url}/ui/${hash}`);
    return watched;
  }

  const nodeState = (page: Page, id: string, state: string) => page.waitForSelector(`[data-node="${id}"][data-state="${state}"]`, { timeout: 20_000 });

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    app = await startTestApp({ config: { auth_tokens: [TOKEN] } });
    held = await startHeldServer();
    browser = await launchChromium();
    // Earlier runs, so that the list shows each colour: one cancelled, one completed, one failed.
    await app.client.cancelWorkflow(await start('order-1000'));
    held.release();
    await app.client.waitForCompletion(await start('order-1001'));
    const failing = { ...orderGraph(held.url), properties: { name: 'refund' } };
    failing.processes = {
      ...failing.processes,
      vat: { component: 'tpl_javascript_script', metadata: { label: 'VAT rate', config: { script: "throw new Error('no VAT rate for this country')" } } },
    };
    const { data } = await app.client.startWorkflow({ graph_json: failing, input: { quantity: 1, price: 20 }, metadata: { execution_id: 'refund-17' } });
    await app.client.waitForCompletion(data!.data.execution_id);
    held.hold();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await held?.close();
  });

  it('serves the page at /ui without a token, under a Content-Security-Policy that allows only its own scripts', async () => {
    const moved = await fetch(`${app.url}/ui`, { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('ui/');
    const page = await fetch(`${app.url}/ui/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const dagre = await fetch(`${app.url}/ui/vendor/dagre.esm.js`);
    expect(dagre.status).toBe(200);
    expect(dagre.headers.get('content-type')).toContain('javascript');
    expect(await dagre.text()).toContain('export{');
    expect((await fetch(`${app.url}/workflows`)).status).toBe(401);
  });

  it('asks for a token, keeps it in sessionStorage and sends it as a Bearer header on every call, the event stream included', async () => {
    const { page, errors, requests } = await open('', null);
    await page.waitForSelector('#notice:not([hidden])');
    expect(await page.textContent('#notice-text')).toContain('API token');
    await page.fill('#token', TOKEN);
    await page.click('#token-form button[type=submit]');
    await page.waitForSelector('.execution-row[data-id="order-1001"]');
    expect(await page.evaluate(() => sessionStorage.getItem('workflow-service.token'))).toBe(TOKEN);
    await page.click('.execution-row[data-id="order-1001"] a');
    await nodeState(page, 'summary', 'completed');
    const api = requests.filter((request) => /\/workflows/.test(request.url));
    const stream = api.filter((request) => request.accept === 'text/event-stream');
    expect(stream).toHaveLength(1);
    expect(api.filter((request) => request.authorization === `Bearer ${TOKEN}`).length).toBeGreaterThanOrEqual(4);
    expect(stream[0].authorization).toBe(`Bearer ${TOKEN}`);
    expect(requests.filter((request) => request.url.includes('access_token'))).toEqual([]);
    // A browser's own /favicon.ico request would carry no token and count as a wrong one: the page names its icon.
    expect(requests.filter((request) => request.url.endsWith('/favicon.ico'))).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('draws the graph and shows a node running while its request is held, then completed, with the log and the outputs', async () => {
    const id = await start('order-1002');
    const { page, errors } = await open(`#/executions/${id}`);
    await nodeState(page, 'confirm', 'running');
    await nodeState(page, 'vat', 'completed');
    expect(await page.getAttribute('[data-node="summary"]', 'data-state')).toBe('idle');
    expect(await page.textContent('#execution-status')).toBe('running');
    expect(await page.$$eval('[data-node]', (nodes) => nodes.map((node) => node.getAttribute('data-node')).sort())).toEqual([
      'confirm',
      'iip:3',
      'in:price',
      'in:quantity',
      'out:summary',
      'out:vat',
      'payload',
      'summary',
      'total',
      'vat',
    ]);
    expect(await page.$$eval('.edge', (edges) => edges.length)).toBe(9);
    await page.screenshot({ path: join(SHOTS, 'ui-running.png') });

    held.release();
    await nodeState(page, 'confirm', 'completed');
    await nodeState(page, 'summary', 'completed');
    await page.waitForSelector('#execution-status.status-completed');
    await page.waitForSelector('#stream-state[data-state="ended"]');
    const events = (await app.client.getWorkflowEvents(id)).data!.data.events;
    await page.waitForFunction((count) => document.querySelectorAll('#log .log-row').length === count, events.length);
    expect(await page.$$eval('#log .log-type', (cells) => cells.map((cell) => cell.textContent))).toEqual(events.map((event) => event._type));
    expect(JSON.parse((await page.textContent('.outputs-json'))!)).toEqual({ summary: { status: 200, confirmed: true }, vat: 2.7 });
    expect(await page.textContent('[data-edge="total.result-out>vat.data-in"] .edge-count text')).toBe('1');
    await page.screenshot({ path: join(SHOTS, 'ui-execution.png') });
    expect(readFileSync(join(SHOTS, 'ui-execution.png')).subarray(1, 4).toString()).toBe('PNG');
    expect(errors).toEqual([]);
    held.hold();
    await page.close();
  }, 60_000);

  it('cancels a running execution from its Cancel button and shows the held node as stopped', async () => {
    const id = await start('order-1003');
    const { page, errors } = await open(`#/executions/${id}`);
    await nodeState(page, 'confirm', 'running');
    await page.click('#cancel');
    await page.waitForSelector('#execution-status.status-cancelled');
    await nodeState(page, 'confirm', 'cancelled');
    expect(await page.isDisabled('#cancel')).toBe(true);
    expect((await app.client.getWorkflow(id)).data!.data.status).toBe('cancelled');
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('re-runs an execution with its stored graph, input and metadata under a new id, and follows the new run', async () => {
    held.release();
    const id = await start('order-1004', { quantity: 2, price: 10 }, { customer: 'acme' });
    await app.client.waitForCompletion(id);
    const { page, errors } = await open(`#/executions/${id}`);
    await page.waitForSelector('#execution-status.status-completed');
    await page.click('#rerun');
    await page.waitForFunction((old) => location.hash.startsWith('#/executions/') && !location.hash.endsWith(old), id);
    const rerunId = decodeURIComponent((await page.evaluate(() => location.hash)).slice('#/executions/'.length));
    await page.waitForSelector('#execution-status.status-completed');
    await nodeState(page, 'summary', 'completed');
    const original = (await app.client.getWorkflowRequest(id)).data!.data;
    const rerun = (await app.client.getWorkflowRequest(rerunId)).data!.data;
    expect(rerun.graph_json).toEqual(original.graph_json);
    expect(rerun.input).toEqual({ quantity: 2, price: 10 });
    expect(original.metadata).toEqual({ customer: 'acme', execution_id: id });
    expect(rerun.metadata).toEqual({ customer: 'acme', rerun_of: id });
    expect((await app.client.getWorkflow(rerunId)).data!.data.source).toBe('http_api');
    expect(JSON.parse((await page.textContent('.outputs-json'))!)).toEqual({ summary: { status: 200, confirmed: true }, vat: 4 });
    expect(await page.textContent('#execution-meta')).toContain(`Re-run of${id}`);
    expect(errors).toEqual([]);
    held.hold();
    await page.close();
  }, 60_000);

  it('resumes a dropped event stream after the last event it received, so that no event is shown twice or lost', async () => {
    const seen: (string | undefined)[] = [];
    const { page, errors } = await open('', TOKEN);
    await page.route('**/workflows/order-1001/events', async (route) => {
      seen.push(route.request().headers()['last-event-id']);
      if (seen.length > 1) return route.continue();
      // The first connection drops after the retry line and four events: the page must ask again after seq 4.
      const text = await (await route.fetch()).text();
      const blocks = text.split('\n\n');
      await route.fulfill({ status: 200, headers: { 'content-type': 'text/event-stream' }, body: `${blocks.slice(0, 5).join('\n\n')}\n\n` });
    });
    await page.evaluate(() => (location.hash = '#/executions/order-1001'));
    await page.waitForSelector('#stream-state[data-state="ended"]', { timeout: 20_000 });
    const events = (await app.client.getWorkflowEvents('order-1001')).data!.data.events;
    await page.waitForFunction((count) => document.querySelectorAll('#log .log-row').length === count, events.length);
    expect(await page.$$eval('#log .log-row', (rows) => rows.map((row) => Number(row.getAttribute('data-seq'))))).toEqual(events.map((event) => event.seq));
    expect(seen).toEqual([undefined, '4']);
    await nodeState(page, 'summary', 'completed');
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it("names an IDE workflow's run by the workflow's name and its nodes by their IDE titles, with the ids in tooltips and smaller text", async () => {
    const { data } = await app.client.executeIdeWorkflow({ workflow: ideFixture('subgraph'), input: {} });
    const id = data!.data.execution_id;
    await app.client.waitForCompletion(id);
    const sqrt = 'tpl_math_sqrt-1733313639000-s3t4u5v6w';
    const { page, errors } = await open(`#/executions/${id}`);
    await nodeState(page, sqrt, 'completed');
    const row = `.execution-row[data-id="${id}"] .row-workflow`;
    await page.waitForSelector(row);
    expect(await page.textContent(row)).toBe('Square root of a rounded magnitude');
    expect(await page.getAttribute(row, 'title')).toBe('workflow id: 9c41d2e7-5b8a-4f13-b6d0-2e7f8a9c1b34');
    expect(await page.textContent('#execution-id')).toBe(`Square root of a rounded magnitude ${id}`);
    expect(await page.textContent('#execution-id .title-id')).toBe(id);
    expect(await page.textContent(`[data-node="${sqrt}"] .node-label`)).toBe('Square Root');
    expect(await page.textContent(`[data-node="${sqrt}"] title`)).toMatch(new RegExp(`^Square Root \\[${sqrt}\\] \\(tpl_math_sqrt\\): completed`));
    await page.waitForSelector('.output-labels');
    expect(await page.textContent(`.output-labels [data-output="${sqrt}.result-out"] dt`)).toBe('Square Root: result-out');
    expect(await page.textContent(`.output-labels [data-output="${sqrt}.result-out"] dd`)).toBe(`${sqrt}.result-out`);
    expect(JSON.parse((await page.textContent('.outputs-json'))!)).toEqual({ [`${sqrt}.result-out`]: 6.48 });
    await page.waitForSelector('#stream-state[data-state="ended"]');
    const log = await page.$$eval('#log .type-ActorCompleted .log-text', (cells) => cells.map((cell) => cell.textContent));
    expect(log).toContainEqual(expect.stringMatching(new RegExp(`^Square Root \\[${sqrt}\\] in [\\d.]+ ms$`)));
    expect(log).toContainEqual(expect.stringMatching(/^Absolute \[subgraph-1733313634999-o0p1q2r\/tpl_math_absolute-1733313608222-f5g6h7j8k\] in [\d.]+ ms$/));
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('filters the list by status and workflow id, and colours each row by its status', async () => {
    const { page, errors } = await open('');
    await page.waitForSelector('.execution-row[data-id="refund-17"]');
    const colour = (id: string) => page.$eval(`.execution-row[data-id="${id}"] .badge`, (badge) => getComputedStyle(badge).color);
    const colours = new Set([await colour('refund-17'), await colour('order-1001'), await colour('order-1000')]);
    expect(colours.size).toBe(3);
    await page.selectOption('#filter-status', 'cancelled');
    await page.waitForFunction(() => !document.querySelector('.execution-row[data-id="order-1001"]'));
    const cancelled = await page.$$eval('.execution-row', (rows) => rows.map((row) => [row.getAttribute('data-id'), row.getAttribute('data-status')]));
    expect(cancelled).toContainEqual(['order-1000', 'cancelled']);
    expect(new Set(cancelled.map(([, status]) => status))).toEqual(new Set(['cancelled']));
    await page.selectOption('#filter-status', '');
    await page.fill('#filter-workflow', 'refund');
    await page.click('#filters button[type=submit]');
    await page.waitForFunction(() => document.querySelectorAll('.execution-row').length === 1);
    expect(await page.$$eval('.execution-row', (rows) => rows.map((row) => row.getAttribute('data-id')))).toEqual(['refund-17']);
    await page.click('.execution-row[data-id="refund-17"] a');
    await nodeState(page, 'vat', 'failed');
    await page.waitForSelector('#execution-status.status-failed');
    expect(await page.textContent('.result-errors')).toContain('VAT rate [vat]: no VAT rate for this country');
    await page.screenshot({ path: join(SHOTS, 'ui-failed.png') });
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
