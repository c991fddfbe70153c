import { z } from 'zod';
import { defineActor } from '../../engine';
import { RuleSetSchema, evaluateRuleSets } from '../shared';

/**
 * Sends each packet on input-in to true-out when any rule set of `decisionRules` holds for it, else to
 * false-out (also when there are no rules).
 */
export const ifBranch = defineActor({
  id: 'tpl_if_branch',
  title: 'If Branch',
  description: 'Routes the packet to true-out when any rule set holds, else to false-out.',
  inports: { 'input-in': { type: 'all', required: true, description: 'The packet the rules read.' } },
  outports: {
    'true-out': { type: 'all', description: 'The packet, when a rule set holds.' },
    'false-out': { type: 'all', description: 'The packet, when none holds.' },
  },
  config: z.object({
    /** The rule sets of the IDE's rule builder. @default [] */
    decisionRules: z
      .preprocess((value) => value ?? undefined, z.array(RuleSetSchema).default([]))
      .describe("Rule sets of the IDE's rule builder over fields of the packet; the packet goes to true-out when any set holds"),
  }),
  effects: 'none',
  fire: ({ inputs, config, send }) => {
    const packet = inputs['input-in'] ?? null;
    return send(evaluateRuleSets(config.decisionRules, packet) ? 'true-out' : 'false-out', packet);
  },
});
