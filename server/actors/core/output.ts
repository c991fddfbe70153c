import { defineActor } from '../../engine';

/**
 * `core/Output`: logs every packet of `in` (FBP protocol clients see it as `network:output`) and forwards it on
 * `out`, as NoFlo's component of that name does.
 */
export const coreOutput = defineActor({
  id: 'core/Output',
  title: 'Output',
  description: 'Logs each packet of in (text as is, other values as JSON) and forwards it to out.',
  inports: { in: { required: true, description: 'Any packet' } },
  outports: { out: { description: 'The same packet' } },
  effects: 'none',
  async fire({ inputs, log, send }) {
    const packet = inputs.in ?? null;
    log(typeof packet === 'string' ? packet : JSON.stringify(packet), { source: 'output' });
    await send('out', packet);
  },
});
