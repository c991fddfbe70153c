import { z } from 'zod';
import { defineActor } from '../../engine';
import { asText, booleanSetting, optionalText, readFieldPath, requiredText } from '../shared';

const CASES = [
  ['case1Value', 'case1-out'],
  ['case2Value', 'case2-out'],
  ['case3Value', 'case3-out'],
] as const;

/**
 * Reads `switchField` (a dotted path) from each packet and sends the packet to the port of the first case
 * whose value equals the field's text (numbers as their text, `caseSensitive` deciding letter case), else to
 * default-out; a case left blank never matches, nor does a missing field.
 */
export const switchActor = defineActor({
  id: 'tpl_switch',
  title: 'Switch',
  description: 'Routes the packet to the first case whose value equals switchField, else to default-out.',
  inports: { 'input-in': { type: 'all', required: true, description: 'The packet to route.' } },
  outports: {
    'case1-out': { type: 'all', description: 'Packets matching case1Value.' },
    'case2-out': { type: 'all', description: 'Packets matching case2Value.' },
    'case3-out': { type: 'all', description: 'Packets matching case3Value.' },
    'default-out': { type: 'all', description: 'Packets matching no case.' },
  },
  config: z.object({
    /** The field to read, such as `status` or `body.kind`. */
    switchField: requiredText('The field to read, such as `status` or `body.kind`'),
    case1Value: optionalText('The value that routes a packet to case1-out; blank disables the case'),
    case2Value: optionalText('The value that routes a packet to case2-out; blank disables the case'),
    case3Value: optionalText('The value that routes a packet to case3-out; blank disables the case'),
    /** Whether letter case matters. @default true */
    caseSensitive: booleanSetting('Whether letter case matters', true),
  }),
  effects: 'none',
  fire: ({ inputs, config, send }) => {
    const packet = inputs['input-in'] ?? null;
    const lookup = readFieldPath(packet, config.switchField);
    if (lookup.found) {
      const fold = (text: string) => (config.caseSensitive ? text : text.toLowerCase());
      const text = fold(asText(lookup.value));
      const match = CASES.find(([key]) => config[key] !== undefined && fold(config[key]) === text);
      if (match !== undefined) return send(match[1], packet);
    }
    return send('default-out', packet);
  },
});
