import { defineActor } from '../../engine';
import { millisecondsOf } from './milliseconds';

/** The timer a `core/RunTimeout` node has armed, if any. */
interface TimeoutState {
  cancel: (() => void) | undefined;
}

/**
 * `core/RunTimeout`: a packet on `start` arms a timer of `time` ms that then sends `true` on `out`, as NoFlo's
 * component of that name does. A new start replaces a timer still armed (NoFlo keeps one per bracket scope; with no
 * brackets here, there is one per node). An armed timer keeps the run going until it fires or the run is cancelled.
 */
export const coreRunTimeout = defineActor({
  id: 'core/RunTimeout',
  title: 'Run Timeout',
  description:
    'Sends true on out time milliseconds after a packet (its value is ignored) arrives on start. A new start before then restarts the wait. ' +
    'time is a required control port: its last value holds, and starts wait for its first one.',
  inports: {
    time: { type: 'number', required: true, control: true, description: 'How long to wait after each start, in milliseconds' },
    start: { type: 'bang', required: true, description: 'A signal that (re)starts the wait; its value is ignored' },
  },
  outports: { out: { type: 'bang', description: 'true, once the wait is over' } },
  // Timing never changes what is sent: a resumed run fires the node again, which arms the timer again. A journaled
  // firing ('repeatable') would be replayed without its timer, and the packet never sent.
  effects: 'none',
  createState: (): TimeoutState => ({ cancel: undefined }),
  fire: ({ inputs, state, send, setTimeout }) => {
    const time = millisecondsOf(inputs.time, 'time', 0);
    state.cancel?.();
    state.cancel = setTimeout(() => {
      state.cancel = undefined;
      return send('out', true);
    }, time);
  },
});
