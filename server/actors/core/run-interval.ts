import { defineActor } from '../../engine';
import { millisecondsOf } from './milliseconds';

/** The interval a `core/RunInterval` node runs, if any. */
interface IntervalState {
  cancel: (() => void) | undefined;
}

/**
 * `core/RunInterval`: a packet on `start` sends `true` on `out` every `interval` ms until a packet on `stop`, as
 * NoFlo's component of that name does. A new start replaces the running interval (NoFlo keeps one per bracket scope;
 * with no brackets here, there is one per node). A start and a stop taken by the same firing are handled start first,
 * as NoFlo handles a start and a stop both waiting, so the node ends stopped.
 */
export const coreRunInterval = defineActor({
  id: 'core/RunInterval',
  title: 'Run Interval',
  description:
    'Sends true on out every interval milliseconds from a packet on start until a packet on stop (their values are ignored); a new start restarts the interval. ' +
    'interval is a required control port: its last value holds, and starts wait for its first one. ' +
    'A running interval keeps the run going: stop it, or the run lasts until it is cancelled or times out.',
  inports: {
    interval: { type: 'number', required: true, control: true, description: 'Time between two packets, in milliseconds (at least 1)' },
    start: { type: 'bang', description: 'A signal that (re)starts the interval; its value is ignored' },
    stop: { type: 'bang', description: 'A signal that stops the interval; its value is ignored' },
  },
  outports: { out: { type: 'bang', description: 'true, once per interval' } },
  // How many packets go out depends on time, but a firing only arms or clears a timer. A resumed run fires the node
  // again, which starts the interval again; a journaled firing ('repeatable') would be replayed without its timer.
  effects: 'none',
  createState: (): IntervalState => ({ cancel: undefined }),
  fire: ({ inputs, state, send, setInterval }) => {
    if (inputs.start !== undefined) {
      const interval = millisecondsOf(inputs.interval, 'interval', 1);
      state.cancel?.();
      state.cancel = setInterval(() => send('out', true), interval);
    }
    if (inputs.stop !== undefined) {
      state.cancel?.();
      state.cancel = undefined;
    }
  },
});
