import { z } from 'zod';
import { booleanSetting, choiceSetting, numberSetting, optionalText, requiredText, textSetting } from './config-fields';

const schema = z.object({
  precision: numberSetting(z.number().int().default(2)),
  limit: numberSetting(z.number().optional()),
  name: requiredText('input'),
  expression: requiredText(),
  seed: optionalText(),
  label: textSetting(z.string().default('')),
  strict: booleanSetting(true),
  mode: choiceSetting(['a', 'b'], 'a'),
});

describe('config settings', () => {
  it('apply the defaults when keys are missing, null or blank', () => {
    expect(schema.parse({ expression: 'x', precision: '', limit: null, name: '  ', seed: '', strict: null, mode: '' })).toEqual({
      precision: 2,
      limit: undefined,
      name: 'input',
      expression: 'x',
      seed: undefined,
      label: '',
      strict: true,
      mode: 'a',
    });
  });

  it('accept numbers, booleans and text in the forms an IDE text box sends', () => {
    const parsed = schema.parse({ expression: 'x', precision: '3', limit: ' 1.5 ', seed: 42, label: 7, strict: 'False', mode: 'b' });
    expect(parsed).toMatchObject({ precision: 3, limit: 1.5, seed: '42', label: '7', strict: false, mode: 'b' });
  });

  it('report a blank required text as missing, and a wrong type as such', () => {
    const missing = schema.safeParse({ expression: '' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]).toMatchObject({ path: ['expression'], code: 'invalid_type', received: 'undefined' });
    const wrong = schema.safeParse({ expression: 'x', precision: 'two', mode: 'c' });
    expect(wrong.error?.issues.map((issue) => issue.path[0])).toEqual(['precision', 'mode']);
  });
});
