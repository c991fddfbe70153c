import { type Browser } from 'playwright-core';
import { launchChromium } from './support/chromium';
import { httpGetGraph } from './support/graphs';
import { type SlowServer, startSlowServer } from './support/slow-server';
import { type TestApp, startTestApp } from './support/test-app';

/** What the page's EventSource saw: each event's type and seq, in order, and how often it opened. */
interface Seen {
  events: { type: string; seq: number | null }[];
  opens: number;
}

describe('the event stream in a real browser', () => {
  let app: TestApp;
  let slow: SlowServer;
  let browser: Browser;
  beforeAll(async () => {
    app = await startTestApp();
    slow = await startSlowServer(800);
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await slow?.close();
  });

  it('delivers every event of a live run once, by name, then `end`, after which the page closes and nothing reconnects', async () => {
    const { data } = await app.client.startWorkflow({ graph_json: httpGetGraph(slow.url) });
    const id = data!.data.execution_id;
    const page = await browser.newPage();
    const streamRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/events')) streamRequests.push(request.url());
    });
    await page.goto(`${app.url}/health`);
    const seen = await page.evaluate(
      (path) =>
        new Promise<Seen>((resolve) => {
          const seen: Seen = { events: [], opens: 0 };
          const source = new EventSource(path);
          source.onopen = () => (seen.opens += 1);
          for (const type of [
            'NetworkStarted',
            'ActorStarted',
            'MessageSent',
            'ActorCompleted',
            'ActorFailed',
            'NetworkIdle',
            'Completed',
            'Failed',
            'Cancelled',
          ]) {
            source.addEventListener(type, (event) => seen.events.push({ type, seq: Number((event as MessageEvent).lastEventId) }));
          }
          source.addEventListener('end', () => {
            seen.events.push({ type: 'end', seq: null });
            source.close();
            resolve(seen);
          });
        }),
      `/workflows/${id}/events`,
    );
    await page.waitForTimeout(3500);
    const log = (await app.client.getWorkflowEvents(id)).data!.data.events;
    expect(seen.events).toEqual([...log.map((event) => ({ type: event._type, seq: event.seq })), { type: 'end', seq: null }]);
    expect(seen.events.at(-2)?.type).toBe('Completed');
    expect(seen.opens).toBe(1);
    expect(streamRequests).toHaveLength(1);
    await page.close();
  }, 60_000);

  it('answers a reconnect to a finished execution read to its end with 204, so that an EventSource stops', async () => {
    const { data } = await app.client.startWorkflow({ graph_json: httpGetGraph(slow.url) });
    const id = data!.data.execution_id;
    await app.client.waitForCompletion(id);
    const last = (await app.client.getWorkflowEvents(id)).data!.data.events.at(-1)!.seq;
    const again = await fetch(`${app.url}/workflows/${id}/events`, { headers: { accept: 'text/event-stream', 'last-event-id': String(last) } });
    expect(again.status).toBe(204);
    const replay = await fetch(`${app.url}/workflows/${id}/events`, { headers: { accept: 'text/event-stream' } });
    const text = await replay.text();
    expect(text.startsWith('retry: 3000\n')).toBe(true);
    expect(text).toContain(`id: ${last}\nevent: Completed\ndata: {`);
    expect(text.endsWith(`event: end\ndata: ${JSON.stringify({ execution_id: id, status: 'completed' })}\n\n`)).toBe(true);
  }, 30_000);
});
