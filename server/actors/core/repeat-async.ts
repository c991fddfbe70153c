import { defineActor } from '../../engine';

/**
 * `core/RepeatAsync`: forwards each packet of `in` on `out` from a later turn of the event loop, as NoFlo's component
 * of that name does, so that what the sender does right after sending happens first. The packets keep their order.
 */
export const coreRepeatAsync = defineActor({
  id: 'core/RepeatAsync',
  title: 'Repeat Async',
  description: 'Forwards each packet of in to out unchanged, on a later turn of the event loop rather than at once; order is kept.',
  inports: { in: { type: 'all', required: true, description: 'Any packet' } },
  outports: { out: { type: 'all', description: 'The same packet, a moment later' } },
  // The timer only defers deterministic data. A resumed run fires the node again, which arms the timer again; were
  // the firing journaled ('repeatable'), its replay would skip the timer and the packet would never be sent.
  effects: 'none',
  fire: ({ inputs, send, setTimeout }) => {
    const packet = inputs.in ?? null;
    setTimeout(() => send('out', packet), 0);
  },
});
