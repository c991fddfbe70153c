import { defineActor } from '../sdk/actor-definition';
import { type EngineEvent, type JsonValue } from '../../../model';
import { type Grouping } from '../sdk/grouping';
import { runGraph } from './run-graph';
import { testCatalogue, testRun } from '../../../test/support/kits';

/** Sends `a` outside every group, then `b` and `c` within `['list']`, then `d` within `['list', 2]`, closing both. */
const streamer = defineActor({
  id: 'test_streamer',
  inports: {},
  outports: { out: {} },
  effects: 'none',
  fire: async ({ send }) => {
    await send('out', 'a');
    await send('out', 'b', { groups: ['list'], closing: 0 });
    await send('out', 'c', { groups: ['list'], closing: 0 });
    await send('out', 'd', { groups: ['list', 2], closing: 2 });
  },
});

/** Upper-cases its `in` packet; its sends say no grouping, so they inherit that of the packet that fired it. */
const upper = defineActor({
  id: 'test_upper',
  inports: { in: {}, tag: { control: true } },
  outports: { out: {} },
  effects: 'none',
  fire: ({ inputs, send }) => send('out', String(inputs.in).toUpperCase()),
});

function receiverOf(seen: { packet: JsonValue; grouping: Grouping | undefined }[]) {
  return defineActor({
    id: 'test_group_sink',
    inports: { in: {} },
    outports: {},
    effects: 'none',
    fire: ({ inputs, groupings }) => {
      seen.push({ packet: inputs.in ?? null, grouping: groupings?.in });
    },
  });
}

function sentTo(events: EngineEvent[], node: string): { message: JsonValue; groups?: JsonValue[] }[] {
  return events.flatMap((event) => (event._type === 'MessageSent' && event.toActor === node ? [{ message: event.message, groups: event.groups }] : []));
}

describe('packet groupings', () => {
  it("reach the next node with each packet, and a plain actor's sends inherit that of the packet that fired it", async () => {
    const seen: { packet: JsonValue; grouping: Grouping | undefined }[] = [];
    const { result, events } = await runGraph(
      {
        processes: { s: { component: 'test_streamer' }, u: { component: 'test_upper' }, k: { component: 'test_group_sink' } },
        connections: [
          { from: { nodeId: 's', portId: 'out' }, to: { nodeId: 'u', portId: 'in' } },
          { data: 'kept', to: { nodeId: 'u', portId: 'tag' } },
          { from: { nodeId: 'u', portId: 'out' }, to: { nodeId: 'k', portId: 'in' } },
        ],
      },
      testCatalogue(streamer, upper, receiverOf(seen)),
      { ...testRun, input: {} },
    );
    expect(result.success).toBe(true);
    expect(seen).toEqual([
      { packet: 'A', grouping: undefined },
      { packet: 'B', grouping: { groups: ['list'], closing: 0 } },
      { packet: 'C', grouping: { groups: ['list'], closing: 0 } },
      { packet: 'D', grouping: { groups: ['list', 2], closing: 2 } },
    ]);
    expect(sentTo(events, 'u')).toEqual([
      { message: 'a', groups: undefined },
      { message: 'b', groups: ['list'] },
      { message: 'c', groups: ['list'] },
      { message: 'd', groups: ['list', 2] },
    ]);
    expect(sentTo(events, 'k').map((sent) => sent.groups)).toEqual([undefined, ['list'], ['list'], ['list', 2]]);
  });

  it('sends the input of an exported inport within the groups of its metadata, its stream ending with it', async () => {
    const seen: { packet: JsonValue; grouping: Grouping | undefined }[] = [];
    const { result } = await runGraph(
      {
        processes: { k: { component: 'test_group_sink' }, j: { component: 'test_group_sink' } },
        connections: [],
        inports: { x: { process: 'k', port: 'in', metadata: { groups: ['g', { n: 1 }] } }, y: { process: 'j', port: 'in' } },
      },
      testCatalogue(receiverOf(seen)),
      { ...testRun, input: { x: 1, y: 2 } },
    );
    expect(result.success).toBe(true);
    expect(seen).toEqual(
      expect.arrayContaining([
        { packet: 1, grouping: { groups: ['g', { n: 1 }], closing: 2 } },
        { packet: 2, grouping: undefined },
      ]),
    );
    expect(seen).toHaveLength(2);
  });
});
