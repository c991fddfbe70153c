import { defineActor } from '../../engine';

/**
 * `core/Merge`: forwards the packets of every connection into `in` on `out`, in arrival order, as NoFlo's component
 * of that name does. Any inport here takes several connections, so this is `core/Repeat` under NoFlo's other name;
 * NoFlo's per-connection streams (brackets, disconnects) do not exist here, only the packets.
 */
export const coreMerge = defineActor({
  id: 'core/Merge',
  title: 'Merge',
  description: 'Forwards each packet of in, from any number of connections, to out in arrival order.',
  inports: { in: { type: 'all', required: true, addressable: true, description: 'Packets from one or more connections, with or without a slot index' } },
  outports: { out: { type: 'all', description: 'Every packet, unchanged' } },
  effects: 'none',
  fire: ({ inputs, send }) => send('out', inputs.in ?? null),
});
