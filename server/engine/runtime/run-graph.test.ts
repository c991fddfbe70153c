import { type EngineEvent } from '../../../model';
import { runGraph } from './run-graph';
import { testCatalogue, testRun } from '../../../test/support/kits';

describe('runGraph', () => {
  it('throws an error listing every issue of an invalid graph', async () => {
    const graph = { processes: { a: { component: 'nope' } }, connections: [{ from: { nodeId: 'a', portId: 'out' }, to: { nodeId: 'ghost', portId: 'in' } }] };
    await expect(runGraph(graph, testCatalogue(), testRun)).rejects.toThrow(
      /UNKNOWN_COMPONENT at processes\.a\.component[\s\S]*UNKNOWN_NODE at connections\[0\]\.to\.nodeId/,
    );
    await expect(runGraph({ processes: 1 }, testCatalogue(), testRun)).rejects.toThrow(/MALFORMED at processes/);
  });

  it('collects every event and passes each to the caller listener as well', async () => {
    const seen: EngineEvent[] = [];
    const { result, events } = await runGraph({ processes: { c: { component: 'test_constant', metadata: { config: { value: 1 } } } } }, testCatalogue(), {
      ...testRun,
      onEvent: (event) => seen.push(event),
    });
    expect(result.outputs).toEqual({ 'c.out': 1 });
    expect(seen).toEqual(events);
    expect(events.map((event) => event._type)).toEqual(['NetworkStarted', 'ActorStarted', 'ActorCompleted', 'NetworkIdle', 'Completed']);
  });

  it('completes an empty graph at once', async () => {
    const { result, events } = await runGraph({ processes: {} }, testCatalogue(), testRun);
    expect(result).toMatchObject({ success: true, outputs: {}, nodes_executed: 0 });
    expect(events.map((event) => event._type)).toEqual(['NetworkStarted', 'NetworkIdle', 'Completed']);
  });
});
