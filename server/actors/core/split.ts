import { defineActor } from '../../engine';

/**
 * `core/Split`: sends each packet of `in` to every connection of `out`, as NoFlo's component of that name does.
 * Every outport here fans out to all its targets, so this is `core/Repeat` under NoFlo's other name.
 */
export const coreSplit = defineActor({
  id: 'core/Split',
  title: 'Split',
  description: 'Sends each packet of in, unchanged, to every node connected to out.',
  inports: { in: { type: 'all', required: true, description: 'Any packet' } },
  outports: { out: { type: 'all', addressable: true, description: 'The same packet, to every connected node, whatever slot index the connection names' } },
  effects: 'none',
  fire: ({ inputs, send }) => send('out', inputs.in ?? null),
});
