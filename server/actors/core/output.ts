import { inspect } from 'node:util';
import { type JsonValue, defineActor } from '../../engine';

/**
 * `core/Output`: logs every packet of `in` (FBP protocol clients see it as `network:output`) and forwards it on
 * `out`, as NoFlo's component of that name does. With a packet on `options`, the line is rendered as NoFlo renders
 * it then, by Node's `util.inspect` with that packet's `showHidden` and `depth`; `colors` is ignored, since log lines
 * are plain text.
 */
export const coreOutput = defineActor({
  id: 'core/Output',
  title: 'Output',
  description:
    'Logs each packet of in (text as is, other values as JSON) and forwards it to out. ' +
    'A packet on the control port options ({showHidden, depth}; colors is ignored) logs instead as Node.js util.inspect renders the packet with them; ' +
    'while options is fed, packets wait for its first one.',
  inports: {
    in: { type: 'all', required: true, addressable: true, description: 'Any packet' },
    options: { type: 'object', control: true, description: 'util.inspect options for the log line: {showHidden, depth}' },
  },
  outports: { out: { type: 'all', description: 'The same packet' } },
  effects: 'none',
  async fire({ inputs, log, send }) {
    const packet = inputs.in ?? null;
    log(inputs.options === undefined ? plainLine(packet) : inspectedLine(packet, inputs.options), { source: 'output' });
    await send('out', packet);
  },
});

function plainLine(packet: JsonValue): string {
  return typeof packet === 'string' ? packet : JSON.stringify(packet);
}

function inspectedLine(packet: JsonValue, options: JsonValue): string {
  if (options === null) return plainLine(packet);
  if (typeof options !== 'object' || Array.isArray(options))
    throw new Error(`Port 'options' takes an object such as {"depth": 4}, got ${JSON.stringify(options)}`);
  const { showHidden, depth } = options;
  // JSON has no Infinity: null is the depth without a limit, as util.inspect reads it.
  return inspect(packet, { showHidden: showHidden === true, depth: typeof depth === 'number' || depth === null ? depth : undefined, colors: false });
}
