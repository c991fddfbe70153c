import { type EngineEventOf, isTerminalEvent } from '../../../model';
import { EventStream, truncatedPreview } from './event-stream';
import { runGraph } from './run-graph';
import { testCatalogue, testRun } from '../../../test/support/kits';

describe('the event stream', () => {
  it('numbers events from 1 without gaps and ends with exactly one terminal event', async () => {
    const graph = {
      processes: { c: { component: 'test_count', metadata: { config: { count: 50 } } }, p: { component: 'test_pass' }, f: { component: 'test_fail' } },
      connections: [
        { from: { nodeId: 'c', portId: 'out' }, to: { nodeId: 'p', portId: 'in' } },
        { from: { nodeId: 'p', portId: 'out' }, to: { nodeId: 'f', portId: 'in' } },
      ],
    };
    const { events } = await runGraph(graph, testCatalogue(), { ...testRun, now: () => 1_700_000_000_000 });
    expect(events.map((event) => event.seq)).toEqual(events.map((_, i) => i + 1));
    expect(events.filter(isTerminalEvent)).toHaveLength(1);
    expect(isTerminalEvent(events.at(-1)!)).toBe(true);
    expect(events[0]).toEqual({ _type: 'NetworkStarted', seq: 1, timestamp: 1_700_000_000_000, executionId: 'exec-1', workflowId: 'wf-1' });
    expect(JSON.parse(JSON.stringify(events))).toEqual(events);
  });

  it('cuts a payload above the limit to a preview and marks the event truncated', async () => {
    const big = 'x'.repeat(500);
    const graph = {
      processes: { c: { component: 'test_constant', metadata: { config: { value: { text: big } } } }, p: { component: 'test_pass' } },
      connections: [{ from: { nodeId: 'c', portId: 'out' }, to: { nodeId: 'p', portId: 'in' } }],
    };
    const { events, result } = await runGraph(graph, testCatalogue(), { ...testRun, maxEventPayloadBytes: 100 });
    const sent = events.find((event): event is EngineEventOf<'MessageSent'> => event._type === 'MessageSent')!;
    expect(sent.truncated).toBe(true);
    expect(typeof sent.message).toBe('string');
    expect(Buffer.byteLength(sent.message as string)).toBeLessThanOrEqual(100);
    expect((sent.message as string).startsWith('{"text":"xxx')).toBe(true);
    expect(result.outputs).toEqual({ 'p.out': { text: big } });
  });

  it('leaves small payloads alone and never cuts a multi-byte character in half', () => {
    expect(truncatedPreview(42, 1)).toBeUndefined();
    expect(truncatedPreview({ a: 1 }, 100)).toBeUndefined();
    expect(truncatedPreview('é'.repeat(40), 100)).toBeUndefined();
    expect(truncatedPreview('é'.repeat(100), 11)).toBe(`"${'é'.repeat(5)}`);
    expect(truncatedPreview('é'.repeat(100), 12)).toBe(`"${'é'.repeat(5)}`);
  });

  it('keeps delivering events in order when a listener throws', () => {
    const seen: number[] = [];
    const stream = new EventStream(
      (event) => {
        seen.push(event.seq);
        throw new Error('listener bug');
      },
      () => 0,
      100,
    );
    stream.networkStarted('e', 'w');
    stream.networkIdle();
    stream.completed({
      success: true,
      execution_id: 'e',
      workflow_id: 'w',
      start_time: '',
      end_time: '',
      duration_ms: 0,
      outputs: {},
      errors: [],
      nodes_executed: 0,
      nodes_failed: 0,
    });
    stream.networkIdle();
    expect(seen).toEqual([1, 2, 3]);
  });
});
