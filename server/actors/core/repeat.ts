import { defineActor } from '../../engine';

/** `core/Repeat`: sends every packet of `in` on `out`, as NoFlo's component of that name does. */
export const coreRepeat = defineActor({
  id: 'core/Repeat',
  title: 'Repeat',
  description: 'Forwards each packet of in to out unchanged.',
  inports: { in: { type: 'all', required: true, description: 'Any packet' } },
  outports: { out: { type: 'all', description: 'The same packet' } },
  effects: 'none',
  fire: ({ inputs, send }) => send('out', inputs.in ?? null),
});
