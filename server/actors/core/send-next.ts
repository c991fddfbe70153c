import { defineActor } from '../../engine';

/**
 * `core/SendNext`: each packet on `in` sends the oldest packet waiting on `data` on `out`, or `true` on `empty` when
 * none waits, as NoFlo's component of that name does. The packets of `data` wait in the port's own queue, which makes
 * their sender wait once it is full (the run's `queueCapacity`) where NoFlo's buffer grows without bound. NoFlo sends
 * a bracketed group of data as one; packets here have no brackets, so each bang sends one packet.
 */
export const coreSendNext = defineActor({
  id: 'core/SendNext',
  title: 'Send Next',
  description:
    'Holds the packets of data, and on each packet on in (its value is ignored) sends the oldest one held on out, ' + 'or true on empty when none is held.',
  inports: {
    data: { type: 'all', description: 'Packets to hold until asked for, oldest first' },
    in: { type: 'bang', required: true, description: 'A signal to send the next held packet; its value is ignored' },
  },
  outports: {
    out: { type: 'all', description: 'The next held packet' },
    empty: { type: 'bang', description: 'true, when a signal came and no packet was held' },
  },
  effects: 'none',
  // `in` is required and `data` is not: a data packet alone never fires the node, so it waits in its queue, and a
  // signal takes at most one of them with it.
  fire: ({ inputs, send }) => (inputs.data === undefined ? send('empty', true) : send('out', inputs.data)),
});
