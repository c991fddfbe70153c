import { z } from 'zod';
import { booleanSetting, choiceSetting, listSetting, numberSetting, optionalText, requiredText, textSetting } from './config-fields';

const schema = z.object({
  precision: numberSetting('Decimal places', z.number().int().default(2)),
  limit: numberSetting('Upper limit', z.number().optional()),
  name: requiredText('Input name', 'input'),
  expression: requiredText('Expression'),
  seed: optionalText('Seed'),
  label: textSetting('Label', z.string().default('')),
  strict: booleanSetting('Strict mode', true),
  mode: choiceSetting('Mode', ['a', 'b'], 'a'),
  tags: listSetting('Tags', ['x']),
});

describe('config settings', () => {
  it('apply the defaults when keys are missing, null or blank', () => {
    expect(schema.parse({ expression: 'x', precision: '', limit: null, name: '  ', seed: '', strict: null, mode: '', tags: ' ' })).toEqual({
      precision: 2,
      limit: undefined,
      name: 'input',
      expression: 'x',
      seed: undefined,
      label: '',
      strict: true,
      mode: 'a',
      tags: ['x'],
    });
  });

  it('accept numbers, booleans and text in the forms an IDE text box sends', () => {
    const parsed = schema.parse({ expression: 'x', precision: '3', limit: ' 1.5 ', seed: 42, label: 7, strict: 'False', mode: 'b' });
    expect(parsed).toMatchObject({ precision: 3, limit: 1.5, seed: '42', label: '7', strict: false, mode: 'b' });
  });

  it('match a choice ignoring case and surrounding spaces, and keep text as written', () => {
    expect(schema.parse({ expression: '  a + b ', mode: ' B ' })).toMatchObject({ expression: '  a + b ', mode: 'b' });
  });

  it('read a list from an array or from comma-separated text', () => {
    expect(schema.parse({ expression: 'x', tags: 'a, b,,c ' }).tags).toEqual(['a', 'b', 'c']);
    expect(schema.parse({ expression: 'x', tags: [' a', 'b'] }).tags).toEqual(['a', 'b']);
    expect(schema.safeParse({ expression: 'x', tags: 3 }).success).toBe(false);
  });

  it('report a blank required text as missing, and a wrong type as such', () => {
    const missing = schema.safeParse({ expression: '' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]).toMatchObject({ path: ['expression'], code: 'invalid_type', received: 'undefined' });
    const wrong = schema.safeParse({ expression: 'x', precision: 'two', mode: 'c' });
    expect(wrong.error?.issues.map((issue) => issue.path[0])).toEqual(['precision', 'mode']);
  });

  it('carry their description', () => {
    expect(Object.values(schema.shape).map((field) => field.description)).toEqual([
      'Decimal places', 'Upper limit', 'Input name', 'Expression', 'Seed', 'Label', 'Strict mode', 'Mode', 'Tags',
    ]);
  });
});
