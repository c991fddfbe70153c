import { type TestApp, startTestApp } from '../support/test-app';

describe('the event cap', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ config: { max_events_per_execution: 100 } });
  });
  afterAll(() => app.close());

  it('leaves out MessageSent events past max_events_per_execution, counts them in EventsDropped, and keeps every other event', async () => {
    const script = "function process(inputs, context) { for (let i = 0; i < 300; i++) context.send_output('result-out', -i); }";
    const graph = {
      processes: { gen: { component: 'tpl_javascript_script', metadata: { config: { script } } }, abs: { component: 'tpl_math_absolute' } },
      connections: [{ from: { nodeId: 'gen', portId: 'result-out' }, to: { nodeId: 'abs', portId: 'value-in' } }],
    };
    const { data } = await app.client.startWorkflow({ graph_json: graph });
    const id = data!.data.execution_id;
    expect((await app.client.waitForCompletion(id)).status).toBe('completed');
    const events = await app.store.readEvents(id, 1, 10_000);
    expect(events.map((event) => event.seq)).toEqual(events.map((_, i) => i + 1));
    const sent = events.filter((event) => event._type === 'MessageSent').length;
    const dropped = events.find((event) => event._type === 'EventsDropped');
    expect(dropped).toMatchObject({ _type: 'EventsDropped', dropped: 300 - sent });
    expect(sent).toBeLessThan(100);
    expect(events.filter((event) => event._type === 'ActorCompleted' && event.actorId === 'abs')).toHaveLength(300);
    expect(events.slice(-2).map((event) => event._type)).toEqual(['EventsDropped', 'Completed']);
    const replay = (await (await fetch(`${app.url}/workflows/${id}/events?limit=10000`)).json()) as { data: { events: { _type: string }[] } };
    expect(replay.data.events.some((event) => event._type === 'EventsDropped')).toBe(true);
  });
});
