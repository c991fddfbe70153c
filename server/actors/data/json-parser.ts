import { z } from 'zod';
import { type JsonValue, defineActor, errorMessage } from '../../engine';
import { booleanSetting, optionalText } from '../shared';
import { LARGE_TEXT_CHARS, runHeavy } from '../heavy-work';
import { selectJsonPath } from './json-path-select';
import { parseJsonText } from './json-text';
import { reportProblem } from './report-problem';

/** Configuration of `tpl_json_parser`, with the template's defaults. */
export const JsonParserConfigSchema = z.object({
  jsonPath: optionalText('A JSONPath selecting part of the parsed value (such as $.items[*].id); blank emits the whole value'),
  strictMode: booleanSetting('Read strict JSON only; off, trailing commas and a byte-order mark are accepted', true),
  allowComments: booleanSetting('Accept // and /* */ comments in the JSON text', false),
  validateSchema: booleanSetting('Validate the parsed value against the JSON Schema of schema-in', false),
});

/** Parses JSON text (a non-string packet counts as parsed already), selects `jsonPath` and validates against `schema-in`. */
export const jsonParser = defineActor({
  id: 'tpl_json_parser',
  title: 'JSON Parser',
  description: 'Parses the JSON on json-in, selects jsonPath and validates against schema-in; problems go to errors-out.',
  inports: {
    'json-in': { type: 'all', required: true, description: 'JSON text, or an already parsed value' },
    'schema-in': { type: 'object', sticky: true, description: 'The JSON Schema used when validateSchema is on (kept for later packets)' },
  },
  outports: { 'parsed-out': { type: 'all', description: 'The parsed (and selected) value' }, 'errors-out': { type: 'object', description: '{message, ...} per problem' } },
  config: JsonParserConfigSchema,
  effects: 'none',
  async fire(ctx) {
    const { config, inputs } = ctx;
    const input = inputs['json-in'] ?? null;
    let value: JsonValue = input;
    if (typeof input === 'string') {
      const options = { strict: config.strictMode, allowComments: config.allowComments };
      const parsed = input.length > LARGE_TEXT_CHARS ? await runHeavy('jsonText', { text: input, options }, { signal: ctx.signal }) : parseJsonText(input, options);
      if (!parsed.ok) return reportProblem(ctx, 'errors-out', parsed.problem);
      value = parsed.value;
    }
    if (config.jsonPath !== undefined) {
      const selected = selectJsonPath(value, config.jsonPath);
      if (!selected.ok) return reportProblem(ctx, 'errors-out', { message: selected.message, jsonPath: config.jsonPath });
      value = selected.value;
    }
    if (config.validateSchema) {
      const schema = inputs['schema-in'];
      if (schema === undefined) return reportProblem(ctx, 'errors-out', { message: 'validateSchema is on but no schema has arrived on schema-in' });
      let check;
      try {
        [check] = await runHeavy('schemaCheck', { schema, values: [value] }, { signal: ctx.signal });
      } catch (error) {
        return reportProblem(ctx, 'errors-out', { message: errorMessage(error) });
      }
      if (!check.ok) {
        const message = `The value does not match the schema: ${check.violations.map((violation) => violation.message).join('; ')}`;
        return reportProblem(ctx, 'errors-out', { message, violations: check.violations.map((violation) => ({ ...violation })) });
      }
    }
    await ctx.send('parsed-out', value);
  },
});
