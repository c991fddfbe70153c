import { type EngineEvent, type JsonValue } from '../../engine';
import { runFlow, runNode } from '../../../test/support/kits';
import { coreActors } from './index';
import { coreRepeatDelayed } from './repeat-delayed';
import { coreRunTimeout } from './run-timeout';

const iip = (process: string, port: string, data: JsonValue): JsonValue => ({ data, tgt: { process, port } });
const edge = (from: string, out: string, to: string, into: string): JsonValue => ({ src: { process: from, port: out }, tgt: { process: to, port: into } });

describe('core/RepeatDelayed', () => {
  it.each([true, 1000, 'my string'])('forwards %j unchanged after the delay', async (packet) => {
    const { result, packets } = await runNode(coreRepeatDelayed, {
      packets: [
        ['delay', 5],
        ['in', packet],
      ],
    });
    expect(result.errors).toEqual([]);
    expect(packets.out).toEqual([packet]);
  });

  it('times each packet from its arrival, so a shorter delay set later lets a later packet out first', async () => {
    const { result, received } = await runFlow(coreActors, {
      processes: { hold: { component: 'core/RepeatDelayed' }, shorter: { component: 'core/RepeatDelayed' }, then: { component: 'core/RepeatDelayed' } },
      connections: [
        iip('hold', 'delay', 300),
        iip('hold', 'in', 'first'),
        iip('shorter', 'delay', 5),
        iip('shorter', 'in', 5),
        edge('shorter', 'out', 'hold', 'delay'),
        iip('then', 'delay', 30),
        iip('then', 'in', 'second'),
        edge('then', 'out', 'hold', 'in'),
      ],
      collect: ['hold.out'],
    });
    expect(result.success).toBe(true);
    expect(received['hold.out']).toEqual(['second', 'first']);
  });

  it('refuses a delay that is not a number of milliseconds', async () => {
    const { result, packets } = await runNode(coreRepeatDelayed, {
      packets: [
        ['delay', 'soon'],
        ['in', 1],
      ],
    });
    expect(result.errors.map((e) => e.message)).toEqual([expect.stringContaining("Port 'delay' takes a number of milliseconds")]);
    expect(packets.out).toBeUndefined();
  });
});

describe('core/RunTimeout', () => {
  it('sends true once the time has passed after a start, whatever the start carries', async () => {
    const { result, packets } = await runNode(coreRunTimeout, {
      packets: [
        ['time', 10],
        ['start', null],
      ],
    });
    expect(result.errors).toEqual([]);
    expect(packets.out).toEqual([true]);
  });

  it('restarts the wait on a new start, sending once', async () => {
    const { result, packets } = await runNode(coreRunTimeout, {
      packets: [
        ['time', '10'],
        ['start', true],
        ['start', true],
      ],
    });
    expect(result.errors).toEqual([]);
    expect(packets.out).toEqual([true]);
  });
});

describe('core/RunInterval', () => {
  it('sends true every interval from a start until a stop, and the run ends once it is stopped', async () => {
    const { result, received } = await runFlow(coreActors, {
      processes: { every: { component: 'core/RunInterval' }, later: { component: 'core/RunTimeout' } },
      connections: [
        iip('every', 'interval', 10),
        iip('every', 'start', true),
        iip('later', 'time', 100),
        iip('later', 'start', true),
        edge('later', 'out', 'every', 'stop'),
      ],
      collect: ['every.out'],
    });
    expect(result.success).toBe(true);
    expect(received['every.out'].length).toBeGreaterThanOrEqual(1);
    expect(new Set(received['every.out'])).toEqual(new Set([true]));
  });

  it('sends nothing when a stop comes with the start, as a stop waiting behind a start does in NoFlo', async () => {
    const { result, received } = await runFlow(coreActors, {
      processes: { every: { component: 'core/RunInterval' } },
      connections: [iip('every', 'stop', true), iip('every', 'interval', 10), iip('every', 'start', true)],
      collect: ['every.out'],
    });
    expect(result.success).toBe(true);
    expect(received['every.out']).toBeUndefined();
  });

  it('keeps the run going while it runs, and its timer ends with a cancelled run', async () => {
    const controller = new AbortController();
    let sent = 0;
    const onEvent = (event: EngineEvent): void => {
      if (event._type === 'MessageSent' && event.fromActor === 'every' && ++sent === 3) controller.abort();
    };
    const { result, received } = await runFlow(
      coreActors,
      {
        processes: { every: { component: 'core/RunInterval' } },
        connections: [iip('every', 'interval', 5), iip('every', 'start', 'go')],
        collect: ['every.out'],
      },
      { signal: controller.signal, onEvent },
    );
    expect(result.success).toBe(false);
    expect(received['every.out']).toEqual(expect.arrayContaining([true]));
    // Nothing is sent after the cancel: the interval's timer went with the run.
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(sent).toBe(3);
  });

  it('refuses an interval under 1 ms', async () => {
    const { result, received } = await runFlow(coreActors, {
      processes: { every: { component: 'core/RunInterval' } },
      connections: [iip('every', 'interval', 0), iip('every', 'start', true)],
      collect: ['every.out'],
    });
    expect(result.errors.map((e) => e.message)).toEqual([expect.stringContaining("Port 'interval' takes a number of milliseconds of at least 1, got 0")]);
    expect(received['every.out']).toBeUndefined();
  });
});
