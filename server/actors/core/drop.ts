import { defineActor } from '../../engine';

/** `core/Drop`: takes every packet of `in` and does nothing with it, as NoFlo's component of that name does. */
export const coreDrop = defineActor({
  id: 'core/Drop',
  title: 'Drop',
  description: 'Discards each packet of in.',
  inports: { in: { type: 'all', required: true, addressable: true, description: 'Any packet, discarded' } },
  outports: {},
  effects: 'none',
  fire: () => undefined,
});
