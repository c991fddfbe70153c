import { z } from 'zod';
import { errorMessage } from '../../engine';
import { choiceSetting, compileCondition, numberSetting, optionalText } from '../shared';

/** The configuration of tpl_loop, with the template's defaults; a breakCondition that does not compile is rejected. */
export const LoopConfigSchema = z
  .object({
    /** for-each over an array, or while / do-while repeating the input. @default "for-each" */
    loopType: choiceSetting('for-each over an array, or while / do-while repeating the input', ['for-each', 'while', 'do-while'], 'for-each'),
    /** for-each: emit chunks of this many elements when above 1. @default 1 */
    batchSize: numberSetting('for-each: emit chunks of this many elements when above 1', z.number().int().min(1).default(1)),
    /** The most iterations one input may run. @default 1000 */
    maxIterations: numberSetting('The most iterations one input may run', z.number().int().min(1).default(1000)),
    /** A condition over `item` and `index` that stops the loop when it holds; empty means none. */
    breakCondition: optionalText('A condition over `item` and `index` that stops the loop when it holds; empty means none'),
  })
  .superRefine((config, ctx) => {
    if (config.breakCondition === undefined) return;
    try {
      compileCondition(config.breakCondition);
    } catch (error) {
      ctx.addIssue({ code: 'custom', path: ['breakCondition'], message: errorMessage(error) });
    }
  });
