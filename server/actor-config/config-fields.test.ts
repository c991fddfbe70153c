import { z } from 'zod';
import { ActorConfig } from './actor-config';
import { configFields } from './config-fields';
import { requiredWhen } from './required-when';

const ProcessorSchema = z.object({
  batch_size: z.number().int().min(1).max(1000).default(10).describe('Items handled per batch'),
  timeout_ms: z.number().positive().describe('Time allowed per item, in milliseconds'),
  name: z.string().min(1).describe('Processor name shown in logs'),
  processing_mode: z.enum(['sequential', 'parallel', 'batch']).default('sequential'),
});

const CacheSchema = z
  .object({
    cache_enabled: z.boolean().default(false),
    cache_size: z.number().int().positive().optional(),
    cache_ttl: z.number().positive().optional(),
  })
  .superRefine(requiredWhen('cache_enabled', ['cache_size', 'cache_ttl']));

describe('configFields', () => {
  it('lists the four processor fields with their kinds, defaults, descriptions and rules', () => {
    expect(configFields(ProcessorSchema)).toEqual([
      {
        name: 'batch_size',
        configType: 'Number',
        required: false,
        defaultValue: 10,
        description: 'Items handled per batch',
        validation: 'integer, min 1, max 1000',
      },
      { name: 'timeout_ms', configType: 'Number', required: true, description: 'Time allowed per item, in milliseconds', validation: 'positive' },
      { name: 'name', configType: 'String', required: true, description: 'Processor name shown in logs', validation: 'non-empty' },
      { name: 'processing_mode', configType: 'String', required: false, defaultValue: 'sequential', validation: 'one of sequential|parallel|batch' },
    ]);
  });

  it('looks through refinements and shows the conditional rule of requiredWhen', () => {
    expect(ActorConfig.configFields(CacheSchema)).toEqual([
      { name: 'cache_enabled', configType: 'Boolean', required: false, defaultValue: false },
      { name: 'cache_size', configType: 'Number', required: false, validation: 'integer, positive, required when cache_enabled is true' },
      { name: 'cache_ttl', configType: 'Number', required: false, validation: 'positive, required when cache_enabled is true' },
    ]);
  });

  it('describes other kinds of fields', () => {
    const fields = configFields(
      z.object({
        ratio: z.number().min(0).max(1),
        url: z.string().url().max(200).optional().describe('Where to send'),
        tags: z.array(z.string()).min(1),
        mode: z.literal('fast'),
        either: z.union([z.literal('a'), z.literal('b')]),
        headers: z.record(z.string()).default({}),
        label: z.string().nullable(),
      }),
    );
    expect(fields).toEqual([
      { name: 'ratio', configType: 'Number', required: true, validation: 'min 0, max 1' },
      { name: 'url', configType: 'String', required: false, description: 'Where to send', validation: 'url, max length 200' },
      { name: 'tags', configType: 'Json', required: true, validation: 'min items 1' },
      { name: 'mode', configType: 'String', required: true, validation: 'equals "fast"' },
      { name: 'either', configType: 'String', required: true, validation: 'one of a|b' },
      { name: 'headers', configType: 'Json', required: false, defaultValue: {} },
      { name: 'label', configType: 'String', required: true },
    ]);
  });

  it('refuses a schema that is not an object', () => {
    expect(() => configFields(z.string())).toThrow(expect.objectContaining({ code: 'VALIDATION' }));
  });
});
