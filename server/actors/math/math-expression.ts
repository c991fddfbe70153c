import { z } from 'zod';
import { type JsonValue, defineActor, errorOutPort, errorMessage, isJsonObject } from '../../engine';
import { booleanSetting, requiredText } from '../shared';
import { runHeavy } from '../heavy-work';
import { precisionSetting } from './math-settings';

/** The variables an expression sees: the keys of an object packet, any other packet as `value`, none without one. */
function scopeOf(variables: JsonValue | undefined): Record<string, unknown> {
  if (variables === undefined) return {};
  return isJsonObject(variables) ? variables : { value: variables };
}

/**
 * Evaluates a mathjs expression with the object on variables-in as its variables, in a restricted mathjs
 * instance (no import, createUnit, evaluate, parse, simplify or derivative); without a connected
 * variables-in it runs once when the run starts.
 */
export const mathExpression = defineActor({
  id: 'tpl_math_expression',
  title: 'Math Expression',
  description: 'Evaluates expression (mathjs syntax) with the variables on variables-in.',
  inports: { 'variables-in': { type: 'object', description: 'An object whose keys are the variables (another value is `value`).' } },
  outports: {
    'result-out': { type: 'all', description: 'The value, numbers rounded to precision.' },
    ...errorOutPort('when the expression fails'),
  },
  config: z.object({
    /** The expression, such as `price * quantity * (1 + vat)`. */
    expression: requiredText('The math expression to evaluate, over the variables of variables-in (mathjs syntax)'),
    /** Decimal places of every number in the result. @default 4 */
    precision: precisionSetting(4),
    /** Kept for the IDE; expressions always run in the restricted instance, never as JavaScript. @default true */
    safeEval: booleanSetting('Evaluate with the restricted function set (no imports or assignments to globals)', true),
  }),
  // mathjs offers random(), randomInt() and pickRandom() to expressions.
  effects: 'repeatable',
  fire: async ({ inputs, config, send, signal }) => {
    let result: JsonValue;
    try {
      const task = { expression: config.expression, scope: scopeOf(inputs['variables-in']), precision: config.precision };
      result = await runHeavy('mathExpression', task, { signal });
    } catch (error) {
      if (signal.aborted) throw error;
      throw new Error(`Expression '${config.expression}' failed: ${errorMessage(error)}`);
    }
    return send('result-out', result);
  },
});
