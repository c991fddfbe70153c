import { type EngineEvent, type GraphJson, type JsonValue, isTerminalEvent } from '../../model';
import { type TestApp, startTestApp } from '../support/test-app';

const MAX_EVENTS = 500;
const MAX_LOG_MB = 1;

/** A while loop whose break condition never holds, sending `item` to a branch node up to `maxIterations` times. */
function whileLoopGraph(item: JsonValue, maxIterations: number): GraphJson {
  return {
    processes: {
      loop: { component: 'tpl_loop', metadata: { config: { loopType: 'while', breakCondition: 'false', maxIterations } } },
      branch: { component: 'tpl_if_branch' },
    },
    connections: [
      { data: item, to: { nodeId: 'loop', portId: 'items-in' } },
      { from: { nodeId: 'loop', portId: 'item-out' }, to: { nodeId: 'branch', portId: 'input-in' } },
    ],
  };
}

async function run(app: TestApp, graph: GraphJson, metadata: Record<string, unknown> = {}): Promise<{ id: string; status: string; events: EngineEvent[] }> {
  const { data } = await app.client.startWorkflow({ graph_json: graph, metadata });
  const id = data!.data.execution_id;
  const { status } = await app.client.waitForCompletion(id, { via: 'polling', timeoutMs: 15_000 });
  return { id, status, events: await app.store.readEvents(id, 1, 10_000_000) };
}

const bytesOf = (events: EngineEvent[]) => events.reduce((sum, event) => sum + Buffer.byteLength(JSON.stringify(event)), 0);

/** Checks what every capped log has: gapless seqs, one EventsDropped just before the terminal event, which is last. */
function expectCappedLog(events: EngineEvent[]): number {
  expect(events.map((event) => event.seq)).toEqual(events.map((_, i) => i + 1));
  const dropped = events.filter((event) => event._type === 'EventsDropped');
  expect(dropped).toHaveLength(1);
  expect(events.slice(-2).map((event) => event._type)).toEqual(['EventsDropped', events[events.length - 1]._type]);
  expect(isTerminalEvent(events[events.length - 1])).toBe(true);
  return (dropped[0] as Extract<EngineEvent, { _type: 'EventsDropped' }>).dropped;
}

describe('the event log caps', () => {
  let app: TestApp;
  /** The same service with the default caps: the full log of a graph, to count what a capped one left out. */
  let reference: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ config: { max_events_per_execution: MAX_EVENTS, max_event_log_mb: MAX_LOG_MB } });
    reference = await startTestApp();
  });
  afterAll(async () => {
    await app.close();
    await reference.close();
  });

  it('counts every kind of event against max_events_per_execution and counts those left out in one EventsDropped', async () => {
    const graph = whileLoopGraph(1, 400);
    const full = await run(reference, graph);
    expect(full.status).toBe('completed');
    expect(full.events.some((event) => event._type === 'EventsDropped')).toBe(false);
    const capped = await run(app, graph);
    expect(capped.status).toBe('completed');
    const dropped = expectCappedLog(capped.events);
    expect(capped.events.length - 2).toBe(MAX_EVENTS);
    expect(capped.events.length - 2 + dropped).toBe(full.events.length - 1);
    // Lifecycle events count too: they fill the cap alongside the packets.
    const kinds = new Set(capped.events.slice(0, MAX_EVENTS).map((event) => event._type));
    expect([...kinds].sort()).toEqual(['ActorCompleted', 'ActorStarted', 'MessageSent', 'NetworkStarted']);
    const replay = (await (await fetch(`${app.url}/workflows/${capped.id}/events?limit=10000`)).json()) as { data: { events: { _type: string }[] } };
    expect(replay.data.events.filter((event) => event._type === 'EventsDropped')).toHaveLength(1);
  });

  it('stores at most max_events_per_execution events of an endless loop, then its EventsDropped and its terminal event', async () => {
    const { status, events } = await run(app, whileLoopGraph({ n: 1 }, 1_000_000_000), { timeout_ms: 1500 });
    expect(status).toBe('failed');
    expect(events.length).toBeLessThanOrEqual(MAX_EVENTS + 2);
    const dropped = expectCappedLog(events);
    // In 1.5 s the loop runs far more iterations than the cap lets through.
    expect(dropped).toBeGreaterThan(MAX_EVENTS);
    expect(events[events.length - 1]).toMatchObject({ _type: 'Failed' });
  });

  it('stops logging once the events of a run reach max_event_log_mb, and logs the terminal event with its EventsDropped', async () => {
    const graph = whileLoopGraph('x'.repeat(40_000), 100);
    const full = await run(reference, graph);
    expect(full.status).toBe('completed');
    expect(bytesOf(full.events)).toBeGreaterThan(3 * MAX_LOG_MB * 1024 * 1024);
    const capped = await run(app, graph);
    expect(capped.status).toBe('completed');
    const dropped = expectCappedLog(capped.events);
    const logged = capped.events.slice(0, -2);
    expect(bytesOf(logged)).toBeLessThanOrEqual(MAX_LOG_MB * 1024 * 1024);
    expect(bytesOf(logged)).toBeGreaterThan(MAX_LOG_MB * 1024 * 1024 - 50_000);
    expect(logged.length).toBeLessThan(MAX_EVENTS);
    expect(logged.length + dropped).toBe(full.events.length - 1);
    expect(capped.events[capped.events.length - 1]).toMatchObject({ _type: 'Completed' });
  });

  it('keeps the failures of a run past the caps, up to a reserve, so that its log still says why it failed', async () => {
    // Each firing of `fail` throws and its error goes to `sink`, so the run goes on failing for every item.
    const graph: GraphJson = {
      processes: {
        loop: { component: 'tpl_loop', metadata: { config: { loopType: 'while', breakCondition: 'false', maxIterations: 600 } } },
        fail: { component: 'tpl_math_sqrt' },
        sink: { component: 'tpl_if_branch' },
      },
      connections: [
        { data: -1, to: { nodeId: 'loop', portId: 'items-in' } },
        { from: { nodeId: 'loop', portId: 'item-out' }, to: { nodeId: 'fail', portId: 'value-in' } },
        { from: { nodeId: 'fail', portId: 'error-out' }, to: { nodeId: 'sink', portId: 'input-in' } },
      ],
    };
    const { status, events } = await run(app, graph);
    expect(status).toBe('completed');
    const dropped = expectCappedLog(events);
    const failuresPast = events.slice(MAX_EVENTS, -2);
    expect(failuresPast.length).toBeGreaterThan(0);
    expect(failuresPast.every((event) => event._type === 'ActorFailed')).toBe(true);
    expect(failuresPast.length).toBeLessThanOrEqual(100);
    expect(dropped).toBeGreaterThan(0);
  });
});
