import { defineActor } from '../../engine';
import { type ConditionTest, compileCondition, describeValue } from '../shared';
import { LoopConfigSchema } from './loop-config';
import { type LoopDriver, chunkItems, runForEach, runRepeat, summaryPacket } from './run-loop';

/**
 * Iterates over each packet on items-in: for-each emits every element (or chunk of batchSize) on item-out
 * with its index on index-out, awaiting each send; while / do-while emit the packet itself repeatedly until
 * breakCondition holds. Both stop at maxIterations or on cancellation, then send a summary on done-out.
 */
export const loop = defineActor({
  id: 'tpl_loop',
  title: 'Loop',
  description: 'for-each over an array, or while/do-while until breakCondition; summary on done-out.',
  inports: { 'items-in': { type: 'all', required: true, description: 'for-each: an array; while/do-while: any packet.' } },
  outports: {
    'item-out': { type: 'all', description: 'Each element, chunk or repetition.' },
    'index-out': { type: 'int', description: 'Its zero-based index.' },
    'done-out': { type: 'object', description: '{count, iterations, completed, stoppedBy?} when the loop ends.' },
  },
  config: LoopConfigSchema,
  createState: () => ({ source: undefined as string | undefined, test: undefined as ConditionTest | undefined }),
  // breakCondition is a mathjs expression, which may call random().
  effects: 'repeatable',
  async fire({ inputs, config, state, send, signal }) {
    if (state.source !== config.breakCondition) {
      state.test = config.breakCondition === undefined ? undefined : compileCondition(config.breakCondition);
      state.source = config.breakCondition;
    }
    const driver: LoopDriver = {
      emit: async (item, index) => {
        await send('item-out', item);
        await send('index-out', index);
      },
      maxIterations: config.maxIterations,
      breakTest: state.test,
      signal,
    };
    const input = inputs['items-in'] ?? null;
    let summary;
    if (config.loopType === 'for-each') {
      if (!Array.isArray(input)) throw new Error(`Port 'items-in' expects an array for a for-each loop, got ${describeValue(input)}`);
      summary = await runForEach(chunkItems(input, config.batchSize), input.length, driver);
    } else summary = await runRepeat(input, config.loopType === 'while', driver);
    if (summary !== undefined) await send('done-out', summaryPacket(summary));
  },
});
