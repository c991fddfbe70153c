import { type JsonValue } from '../../../model';
import { defineActor } from '../sdk/actor-definition';
import { collector, testCatalogue, testRun } from '../../../test/support/kits';
import { runGraph } from './run-graph';

/** Sends what each firing saw: the data packet and the control packet it was configured with. */
const configured = defineActor({
  id: 'test_configured',
  inports: { data: {}, ctl: { control: true } },
  outports: { out: {} },
  fire: ({ inputs, send }) => send('out', { data: inputs.data ?? null, ctl: inputs.ctl ?? null }),
});

/** A source that sends nothing, to feed a port that never receives a packet. */
const silent = defineActor({ id: 'test_silent', inports: {}, outports: { out: {} }, fire: () => undefined });

type End = 'data' | 'ctl';

async function run(packets: [End, JsonValue][], silentlyFed: End[] = []): Promise<JsonValue[]> {
  const received: JsonValue[] = [];
  const graph = {
    processes: { c: { component: 'test_configured' }, q: { component: 'test_silent' }, s: { component: 'test_seen' } },
    connections: [
      ...packets.map(([port, data]) => ({ data, to: { nodeId: 'c', portId: port } })),
      ...silentlyFed.map((port) => ({ from: { nodeId: 'q', portId: 'out' }, to: { nodeId: 'c', portId: port } })),
      { from: { nodeId: 'c', portId: 'out' }, to: { nodeId: 's', portId: 'in' } },
    ],
  };
  const { result } = await runGraph(graph, testCatalogue(configured, silent, collector('test_seen', received)), testRun);
  expect(result.success).toBe(true);
  return received;
}

describe('a control port', () => {
  it('configures every later firing with its newest packet, replaced at once', async () => {
    expect(
      await run([
        ['ctl', 'A'],
        ['data', 1],
        ['ctl', 'B'],
        ['data', 2],
      ]),
    ).toEqual([
      { data: 1, ctl: 'B' },
      { data: 2, ctl: 'B' },
    ]);
  });

  it('never fires the node alone', async () => {
    expect(
      await run(
        [
          ['ctl', 'A'],
          ['ctl', 'B'],
        ],
        ['data'],
      ),
    ).toEqual([]);
  });

  it('holds the node until its first packet when it is fed', async () => {
    expect(await run([['data', 1]], ['ctl'])).toEqual([]);
    expect(
      await run([
        ['data', 1],
        ['data', 2],
        ['ctl', 'A'],
      ]),
    ).toEqual([
      { data: 1, ctl: 'A' },
      { data: 2, ctl: 'A' },
    ]);
  });

  it('does not hold the node when nothing feeds it', async () => {
    expect(await run([['data', 1]])).toEqual([{ data: 1, ctl: null }]);
  });

  it('triggers the node itself when it is the only fed port', async () => {
    expect(
      await run([
        ['ctl', 'A'],
        ['ctl', 'B'],
      ]),
    ).toEqual([
      { data: null, ctl: 'A' },
      { data: null, ctl: 'B' },
    ]);
  });
});
