import { type JsonValue, createCatalogue } from '../../engine';
import { runNode } from '../../../test/support/kits';
import { inputActors } from './index';

const catalogue = createCatalogue(inputActors);

function run(component: string, config: Record<string, JsonValue> = {}) {
  return runNode(catalogue.get(component)!, { config });
}

async function emitted(component: string, config: Record<string, JsonValue> = {}) {
  const { result, outputs, events, packets } = await run(component, config);
  expect(result.errors).toEqual([]);
  // The source fires once and emits one packet.
  expect(events.filter((event) => event._type === 'ActorCompleted' && event.actorId === 'node')).toHaveLength(1);
  expect(packets.output).toHaveLength(1);
  return outputs.output;
}

async function failure(component: string, config: Record<string, JsonValue>) {
  const { result, events } = await run(component, config);
  expect(result.success).toBe(false);
  expect(events.some((event) => event._type === 'ActorFailed')).toBe(true);
  return result.errors[0]?.message;
}

describe('tpl_text_input', () => {
  it('emits its defaultValue when the run starts, "" by default', async () => {
    expect(await emitted('tpl_text_input', { defaultValue: 'hello' })).toBe('hello');
    expect(await emitted('tpl_text_input')).toBe('');
  });

  it('fails naming maxLength when the text is too long', async () => {
    expect(await emitted('tpl_text_input', { defaultValue: 'abc', maxLength: 3 })).toBe('abc');
    expect(await failure('tpl_text_input', { defaultValue: 'abcd', maxLength: '3' })).toBe('Text input breaks maxLength: 4 characters, at most 3 allowed');
  });

  it('checks email, url and alphanumeric formats, naming the rule it breaks', async () => {
    expect(await emitted('tpl_text_input', { defaultValue: 'ada@example.org', validation: 'email' })).toBe('ada@example.org');
    expect(await failure('tpl_text_input', { defaultValue: 'ada@example', validation: 'email' })).toBe(
      `Text input breaks validation 'email': "ada@example" is not an email address`,
    );
    expect(await emitted('tpl_text_input', { defaultValue: 'https://example.org/a?b=1', validation: 'url' })).toBe('https://example.org/a?b=1');
    expect(await failure('tpl_text_input', { defaultValue: 'example.org', validation: 'url' })).toContain("breaks validation 'url'");
    expect(await failure('tpl_text_input', { defaultValue: 'javascript:alert(1)', validation: 'url' })).toContain('is not an http(s) URL');
    expect(await emitted('tpl_text_input', { defaultValue: 'abc123', validation: 'alphanumeric' })).toBe('abc123');
    expect(await failure('tpl_text_input', { defaultValue: 'abc 123', validation: 'alphanumeric' })).toContain("breaks validation 'alphanumeric'");
  });

  it('checks a regex, plain or written /pattern/flags', async () => {
    expect(await emitted('tpl_text_input', { defaultValue: 'AB-12', validation: 'regex', validationPattern: '^[A-Z]{2}-\\d+$' })).toBe('AB-12');
    expect(await emitted('tpl_text_input', { defaultValue: 'ab-12', validation: 'regex', validationPattern: '/^[A-Z]{2}-\\d+$/i' })).toBe('ab-12');
    expect(await failure('tpl_text_input', { defaultValue: 'ab-12', validation: 'regex', validationPattern: '^[A-Z]{2}-\\d+$' })).toBe(
      `Text input breaks validation 'regex': "ab-12" does not match the pattern ^[A-Z]{2}-\\d+$`,
    );
  });

  it('does not check the format of an empty text', async () => {
    expect(await emitted('tpl_text_input', { validation: 'email' })).toBe('');
  });

  it('rejects a regex validation without a valid pattern at validation time', async () => {
    await expect(run('tpl_text_input', { validation: 'regex' })).rejects.toThrow(
      "Node 'node': config 'validationPattern': is required when validation is regex",
    );
    await expect(run('tpl_text_input', { validation: 'regex', validationPattern: '(' })).rejects.toThrow(
      "config 'validationPattern': is not a valid regular expression",
    );
    await expect(run('tpl_text_input', { validation: 'phone' })).rejects.toThrow("config 'validation'");
  });
});

describe('tpl_number_input', () => {
  it('emits its defaultValue, 0 by default, taking numeric text', async () => {
    expect(await emitted('tpl_number_input')).toBe(0);
    expect(await emitted('tpl_number_input', { defaultValue: '16' })).toBe(16);
    expect(await emitted('tpl_number_input', { defaultValue: 5, min: 5, max: 5, format: 'currency', decimals: 0 })).toBe(5);
  });

  it('fails naming min or max when the value is out of bounds', async () => {
    expect(await failure('tpl_number_input', { defaultValue: 4, min: 5 })).toBe('Number input breaks min: 4 is below 5');
    expect(await failure('tpl_number_input', { defaultValue: 11, max: '10' })).toBe('Number input breaks max: 11 is above 10');
  });

  it('rejects text that is not a number, and min above max, at validation time', async () => {
    await expect(run('tpl_number_input', { defaultValue: 'ten' })).rejects.toThrow("Node 'node': config 'defaultValue'");
    await expect(run('tpl_number_input', { min: 10, max: 1 })).rejects.toThrow("config 'max': must not be below min (10)");
  });
});

describe('tpl_range_input', () => {
  it('emits its defaultValue, 50 by default', async () => {
    expect(await emitted('tpl_range_input')).toBe(50);
    expect(await emitted('tpl_range_input', { defaultValue: 0 })).toBe(0);
    expect(await emitted('tpl_range_input', { defaultValue: '100', unit: '%' })).toBe(100);
  });

  it('fails naming the bound it breaks, 0..100 by default', async () => {
    expect(await failure('tpl_range_input', { defaultValue: 101 })).toBe('Range input breaks max: 101 is above 100');
    expect(await failure('tpl_range_input', { defaultValue: 3, min: 5, max: 10 })).toBe('Range input breaks min: 3 is below 5');
  });

  it('rejects min above max at validation time', async () => {
    await expect(run('tpl_range_input', { min: 10, max: 1 })).rejects.toThrow("Node 'node': config 'max'");
  });
});
