import { z } from 'zod';
import { type JsonValue, defineActor } from '../../engine';
import { booleanSetting, choiceSetting, numberSetting } from '../shared';
import { DataOperationSetSchema, ErrorHandlingSchema } from './data-operation';
import { FailureLog, PipelineStopped } from './failure-policy';
import { runPipeline } from './operation-pipeline';
import { pipelineOutput } from './pipeline-value';
import { validateResult } from './validate-result';

/** Configuration of `tpl_data_transformer`, with the template's defaults. */
export const DataTransformerConfigSchema = z.object({
  dataOperations: z
    .array(DataOperationSetSchema)
    .default([])
    .describe('Operation sets of the IDE\'s builder (map, filter, sort, transform, group, aggregate, merge, split), applied in order'),
  errorHandling: choiceSetting('What a failing item or expression does: ignore it, skip the item, stop the pipeline, or report it and go on', ErrorHandlingSchema.options, 'log_and_continue'),
  batchSize: numberSetting('Items an operation handles at a time, and the default chunk size of split', z.number().int().min(1).default(1000)),
  enableValidation: booleanSetting('Validate the results against the schema of schema-in when one has arrived', true),
});

/** Applies the IDE's data operations (map, filter, sort, transform, group, aggregate, merge, split) to `data-in`. */
export const dataTransformer = defineActor({
  id: 'tpl_data_transformer',
  title: 'Data Transformer',
  description: 'Applies each enabled operation of each DataOperationSet, in order; failures follow errorHandling.',
  inports: {
    'data-in': { type: 'all', required: true, description: 'The data: an array of items, or one value' },
    'schema-in': { type: 'object', sticky: true, description: 'A JSON Schema the results are validated against, from its arrival on (kept for later packets)' },
  },
  outports: { 'transformed-out': { type: 'all', description: 'The result' }, 'errors-out': { type: 'object', description: 'One {message, operation, index?} per failure' } },
  config: DataTransformerConfigSchema,
  // Its expressions are JavaScript, which may read Date.now() or Math.random().
  effects: 'repeatable',
  async fire(ctx) {
    const { config, inputs, signal } = ctx;
    const failures = new FailureLog(config.errorHandling);
    let result: JsonValue | undefined;
    try {
      const output = pipelineOutput(await runPipeline(config.dataOperations, inputs['data-in'] ?? null, { failures, batchSize: config.batchSize, signal }));
      const schema = inputs['schema-in'];
      if (output.found) result = config.enableValidation && schema !== undefined ? await validateResult(schema, output.value, failures, signal) : output.value;
    } catch (error) {
      if (!(error instanceof PipelineStopped)) throw error;
      const { failure } = error;
      if (ctx.isConnected('errors-out')) return ctx.send('errors-out', failure);
      throw new Error(`${failure.operation} failed${failure.index === undefined ? '' : ` on item ${failure.index}`}: ${failure.message}`);
    }
    for (const failure of failures.failures) {
      ctx.log(`${failure.operation} failed: ${failure.message}`, failure);
      if (ctx.isConnected('errors-out')) await ctx.send('errors-out', failure);
    }
    if (result !== undefined) await ctx.send('transformed-out', result);
  },
});
