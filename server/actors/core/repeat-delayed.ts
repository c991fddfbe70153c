import { defineActor } from '../../engine';
import { millisecondsOf } from './milliseconds';

/** How long `core/RepeatDelayed` holds a packet when its `delay` port is not fed, as in NoFlo. */
const DEFAULT_DELAY_MS = 500;

/**
 * `core/RepeatDelayed`: forwards each packet of `in` on `out` once `delay` ms have passed since it arrived, as NoFlo's
 * component of that name does. Each packet has its own timer, so packets held at once wait together rather than one
 * after the other, and a shorter delay set meanwhile may let a later packet out first. Cancelling the run drops the
 * packets still held.
 */
export const coreRepeatDelayed = defineActor({
  id: 'core/RepeatDelayed',
  title: 'Repeat Delayed',
  description:
    `Forwards each packet of in to out after delay milliseconds (${DEFAULT_DELAY_MS} when delay is not fed), each packet timed from its arrival. ` +
    'delay is a control port: its last value holds for later packets, and while it is fed packets wait for its first value. The run ends only once every held packet is sent.',
  inports: {
    in: { type: 'all', required: true, description: 'A packet to forward after the delay' },
    delay: { type: 'number', control: true, description: `How long to hold each packet, in milliseconds (default ${DEFAULT_DELAY_MS})` },
  },
  outports: { out: { type: 'all', description: 'The same packet, delayed' } },
  // The timer only delays deterministic data: a resumed run fires the node again, which arms the timer again. A
  // journaled firing ('repeatable') would be replayed without its timer, and the packet never sent.
  effects: 'none',
  fire: ({ inputs, send, setTimeout }) => {
    const delay = inputs.delay === undefined ? DEFAULT_DELAY_MS : millisecondsOf(inputs.delay, 'delay', 0);
    const packet = inputs.in ?? null;
    setTimeout(() => send('out', packet), delay);
  },
});
