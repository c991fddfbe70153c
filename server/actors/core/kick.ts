import { defineActor } from '../../engine';

/**
 * `core/Kick`: each packet on `in` sends the last packet of `data` (or `null` when `data` is not fed) on `out`, as
 * NoFlo's component of that name does. NoFlo kicks once per bracketed stream; packets here have no brackets, so
 * every packet on `in` is one kick.
 */
export const coreKick = defineActor({
  id: 'core/Kick',
  title: 'Kick',
  description:
    'Sends the data packet on out each time a packet (its value is ignored) arrives on in. data is a control port: ' +
    'its last packet is kept for every later kick, and while it is fed kicks wait for its first packet; unfed, each kick sends null.',
  inports: {
    in: { type: 'bang', required: true, description: 'A signal to send the data packet; its value is ignored' },
    data: { type: 'all', control: true, description: 'The packet to send, kept for every later kick (default null)' },
  },
  outports: { out: { type: 'all', addressable: true, description: 'The data packet, once per kick' } },
  effects: 'none',
  fire: ({ inputs, send }) => send('out', inputs.data ?? null),
});
