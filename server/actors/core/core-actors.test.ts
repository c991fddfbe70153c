import { type ActorLogEntry, type JsonValue } from '../../engine';
import { runFlow, runNode } from '../../../test/support/kits';
import { coreActors } from './index';
import { coreKick } from './kick';
import { coreMerge } from './merge';
import { coreRepeat } from './repeat';
import { coreRepeatAsync } from './repeat-async';
import { coreSendNext } from './send-next';
import { coreSplit } from './split';

const iip = (process: string, port: string, data: JsonValue): JsonValue => ({ data, tgt: { process, port } });
const edge = (from: string, out: string, to: string, into: string): JsonValue => ({ src: { process: from, port: out }, tgt: { process: to, port: into } });

describe('core/Repeat, core/Merge and core/Split', () => {
  it.each([true, 1000, 'my string', { deep: [1, null] }])('forward %j unchanged', async (packet) => {
    for (const actor of [coreRepeat, coreMerge, coreSplit]) {
      const { result, packets } = await runNode(actor, { packets: [['in', packet]] });
      expect(result.errors).toEqual([]);
      expect(packets.out).toEqual([packet]);
    }
  });

  it('Merge sends the packets of several connections into in as one sequence', async () => {
    const { result, received } = await runFlow(coreActors, {
      processes: { a: { component: 'core/Repeat' }, b: { component: 'core/Repeat' }, merge: { component: 'core/Merge' } },
      connections: [iip('a', 'in', 1), iip('b', 'in', 2), edge('a', 'out', 'merge', 'in'), edge('b', 'out', 'merge', 'in')],
      collect: ['merge.out'],
    });
    expect(result.success).toBe(true);
    expect([...received['merge.out']].sort()).toEqual([1, 2]);
  });

  it('Split sends every packet, in order, to each node connected to out', async () => {
    const { result, received } = await runFlow(coreActors, {
      processes: { split: { component: 'core/Split' }, left: { component: 'core/Repeat' }, right: { component: 'core/Repeat' } },
      connections: [
        iip('split', 'in', 'foo'),
        iip('split', 'in', 'bar'),
        iip('split', 'in', 'baz'),
        edge('split', 'out', 'left', 'in'),
        edge('split', 'out', 'right', 'in'),
      ],
      collect: ['left.out', 'right.out'],
    });
    expect(result.success).toBe(true);
    expect(received['left.out']).toEqual(['foo', 'bar', 'baz']);
    expect(received['right.out']).toEqual(['foo', 'bar', 'baz']);
  });
});

describe('core/RepeatAsync', () => {
  it('forwards each packet in order, after its firing has ended', async () => {
    const { result, packets, events } = await runNode(coreRepeatAsync, {
      packets: [
        ['in', 1],
        ['in', 2],
        ['in', 3],
      ],
    });
    expect(result.errors).toEqual([]);
    expect(packets.out).toEqual([1, 2, 3]);
    const ofNode = events.filter((e) => (e._type === 'ActorCompleted' && e.actorId === 'node') || (e._type === 'MessageSent' && e.fromActor === 'node'));
    expect(ofNode[0]._type).toBe('ActorCompleted');
  });
});

describe('core/Kick', () => {
  it('sends null on each packet of in when data is not fed', async () => {
    const { result, packets } = await runNode(coreKick, {
      packets: [
        ['in', 'foo'],
        ['in', 'bar'],
      ],
    });
    expect(result.errors).toEqual([]);
    expect(packets.out).toEqual([null, null]);
  });

  it('sends the supplied data on each kick, whatever the kick carries', async () => {
    const { packets } = await runNode(coreKick, {
      packets: [
        ['data', { foo: 'bar' }],
        ['in', 'foo'],
        ['in', null],
      ],
    });
    expect(packets.out).toEqual([{ foo: 'bar' }, { foo: 'bar' }]);
  });

  it('is refused before the run when nothing feeds in, rather than idling with its data', async () => {
    await expect(runFlow(coreActors, { processes: { kick: { component: 'core/Kick' } }, connections: [iip('kick', 'data', { foo: 'bar' })] })).rejects.toThrow(
      /required port 'in' is fed by nothing/,
    );
  });

  it('waits for the first data packet while data is fed, then kicks with the latest one', async () => {
    // Timers of 20, 40 and 60 ms: data arrives after the first kick, is replaced, and a second kick comes last.
    const { result, received } = await runFlow(coreActors, {
      processes: {
        kick: { component: 'core/Kick' },
        first: { component: 'core/RepeatDelayed' },
        second: { component: 'core/RepeatDelayed' },
        again: { component: 'core/RepeatDelayed' },
      },
      connections: [
        iip('kick', 'in', 'early'),
        iip('first', 'delay', 20),
        iip('first', 'in', { n: 1 }),
        edge('first', 'out', 'kick', 'data'),
        iip('second', 'delay', 40),
        iip('second', 'in', { n: 2 }),
        edge('second', 'out', 'kick', 'data'),
        iip('again', 'delay', 60),
        iip('again', 'in', 'late'),
        edge('again', 'out', 'kick', 'in'),
      ],
      collect: ['kick.out'],
    });
    expect(result.success).toBe(true);
    expect(received['kick.out']).toEqual([{ n: 1 }, { n: 2 }]);
  });
});

describe('core/SendNext', () => {
  it('sends true on empty for a signal when no packet is held', async () => {
    const { result, packets } = await runNode(coreSendNext, { packets: [['in', true]] });
    expect(result.errors).toEqual([]);
    expect(packets).toEqual({ empty: [true] });
  });

  it('sends one held packet per signal, oldest first, then empty', async () => {
    const { result, received } = await runFlow(coreActors, {
      processes: { next: { component: 'core/SendNext' }, late: { component: 'core/RepeatDelayed' } },
      connections: [
        iip('next', 'data', 1),
        iip('next', 'data', 2),
        iip('next', 'in', true),
        iip('late', 'delay', 10),
        iip('late', 'in', true),
        iip('late', 'in', true),
        edge('late', 'out', 'next', 'in'),
      ],
      collect: ['next.out', 'next.empty'],
    });
    expect(result.success).toBe(true);
    expect(received['next.out']).toEqual([1, 2]);
    expect(received['next.empty']).toEqual([true]);
  });
});

describe('core/Output', () => {
  async function logged(connections: JsonValue[]): Promise<{ lines: string[]; out: JsonValue[] | undefined; success: boolean }> {
    const lines: string[] = [];
    const { result, received } = await runFlow(
      coreActors,
      { processes: { output: { component: 'core/Output' } }, connections, collect: ['output.out'] },
      { log: (entry: ActorLogEntry) => lines.push(entry.message) },
    );
    return { lines, out: received['output.out'], success: result.success };
  }

  it('logs text as is and other values as JSON, and forwards each packet', async () => {
    const { lines, out } = await logged([iip('output', 'in', 'hello'), iip('output', 'in', { a: [1] })]);
    expect(lines).toEqual(['hello', '{"a":[1]}']);
    expect(out).toEqual(['hello', { a: [1] }]);
  });

  it('logs as util.inspect renders the packet with the options it was given', async () => {
    const deep = { a: { b: { c: { d: 1 } } } };
    const { lines, out } = await logged([iip('output', 'options', { depth: 0, colors: true }), iip('output', 'in', deep), iip('output', 'in', 'text')]);
    expect(lines).toEqual(['{ a: [Object] }', "'text'"]);
    expect(out).toEqual([deep, 'text']);
  });

  it('takes a null depth as no limit, and null options as none', async () => {
    const deep = { a: { b: { c: { d: 1 } } } };
    expect((await logged([iip('output', 'options', { depth: null }), iip('output', 'in', deep)])).lines).toEqual(['{\n  a: { b: { c: { d: 1 } } }\n}']);
    expect((await logged([iip('output', 'options', null), iip('output', 'in', deep)])).lines).toEqual([JSON.stringify(deep)]);
  });

  it('fails a packet when options is not an object', async () => {
    const { success, out } = await logged([iip('output', 'options', 3), iip('output', 'in', 'x')]);
    expect(success).toBe(false);
    expect(out).toBeUndefined();
  });
});
