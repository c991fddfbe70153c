import { z } from 'zod';
import { type EngineEvent, type JsonObject, defineActor } from '..';
import { runFlow } from '../../../test/support/kits';

const talker = defineActor({
  id: 'test_talker',
  inports: {},
  outports: { 'text-out': {} },
  config: z.object({ port: z.string().default('text-out'), piece: z.unknown().default('x') }),
  fire: async ({ config, stream, send }) => {
    for (const word of ['one ', 'two']) stream(config.port as 'text-out', config.piece === 'x' ? word : (config.piece as never));
    await send('text-out', 'one two');
  },
});

async function run(config: JsonObject = {}) {
  const events: EngineEvent[] = [];
  const outcome = await runFlow(
    [talker],
    { processes: { t: { component: 'test_talker', metadata: { config } } }, collect: ['t.text-out'] },
    { onEvent: (event) => events.push(event) },
  );
  return { ...outcome, events };
}

describe('streamed pieces of a port', () => {
  it('are StreamChunk events numbered per port, before the packet the port sends', async () => {
    const { events, received } = await run();
    const chunks = events.filter((event) => event._type === 'StreamChunk');
    expect(chunks.map((event) => event._type === 'StreamChunk' && [event.actorId, event.component, event.port, event.index, event.data])).toEqual([
      ['t', 'test_talker', 'text-out', 0, 'one '],
      ['t', 'test_talker', 'text-out', 1, 'two'],
    ]);
    const firstSend = events.findIndex((event) => event._type === 'MessageSent');
    expect(events.indexOf(chunks[1])).toBeLessThan(firstSend);
    expect(received['t.text-out']).toEqual(['one two']);
  });

  it('fail the node when the port is unknown or the piece is not JSON', async () => {
    expect((await run({ port: 'nope' })).result.errors[0].message).toMatch(/has no output port 'nope'/);
    expect((await run({ piece: { n: Number.NaN } })).result.errors[0].message).toMatch(/streamed .* on port 'text-out'; pieces must be JSON/);
  });
});
