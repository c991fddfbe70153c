import { z } from 'zod';
import { ActorConfig } from './actor-config';
import { ConfigError } from './config-error';
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

describe('typed configuration', () => {
  const valid = { batch_size: 100, timeout_ms: 500, name: 'proc', processing_mode: 'parallel' };

  it('parses a valid config into the typed value', () => {
    const parsed = ActorConfig.fromJson(valid).parseTyped(ProcessorSchema);
    expect(parsed).toEqual(valid);
  });

  it('applies the schema defaults', () => {
    const parsed = ActorConfig.fromJson({ timeout_ms: 1, name: 'p' }).parseTyped(ProcessorSchema);
    expect(parsed).toEqual({ batch_size: 10, timeout_ms: 1, name: 'p', processing_mode: 'sequential' });
  });

  it.each([
    ['batch_size', { batch_size: 0 }, 'batch_size must be at least 1'],
    ['batch_size', { batch_size: 1001 }, 'batch_size must be at most 1000'],
    ['timeout_ms', { timeout_ms: 0 }, 'timeout_ms must be greater than 0'],
    ['name', { name: '' }, 'name must not be empty'],
    ['processing_mode', { processing_mode: 'random' }, 'processing_mode must be one of sequential|parallel|batch'],
  ])('rejects a bad %s with a message naming the key', (key, change, message) => {
    const config = ActorConfig.fromJson({ ...valid, ...change });
    const outcome = config.validate(ProcessorSchema);
    expect(outcome).toEqual({ ok: false, error: expect.stringContaining(message), issues: [{ key, message: expect.stringContaining(message) }] });
    expect(() => config.parseTyped(ProcessorSchema)).toThrow(expect.objectContaining({ code: 'VALIDATION', key, message: expect.stringContaining(message) }));
    expect(config.toObject()).toEqual({ ...valid, ...change });
  });

  it('names every failing key in one error', () => {
    const config = ActorConfig.fromJson({ batch_size: 5000, timeout_ms: -1, name: '', processing_mode: 'batch' });
    let error: unknown;
    try {
      config.parseTyped(ProcessorSchema);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).issues.map((issue) => issue.key)).toEqual(['batch_size', 'timeout_ms', 'name']);
  });

  it('reports MISSING_REQUIRED when only required keys are missing', () => {
    expect(() => ActorConfig.default().parseTyped(ProcessorSchema)).toThrow(
      expect.objectContaining({ code: 'MISSING_REQUIRED', message: expect.stringMatching(/timeout_ms is required.*name is required/) }),
    );
  });

  it('returns ok for a valid config from validate', () => {
    expect(ActorConfig.fromJson(valid).validate(ProcessorSchema)).toEqual({ ok: true, value: valid });
  });

  it('requires cache_size and cache_ttl only when cache_enabled is true', () => {
    expect(ActorConfig.fromJson({ cache_enabled: false }).validate(CacheSchema).ok).toBe(true);
    expect(ActorConfig.default().validate(CacheSchema).ok).toBe(true);
    expect(ActorConfig.fromJson({ cache_enabled: true, cache_size: 10, cache_ttl: 60 }).validate(CacheSchema).ok).toBe(true);
    const outcome = ActorConfig.fromJson({ cache_enabled: true, cache_size: 10 }).validate(CacheSchema);
    expect(outcome).toEqual({
      ok: false,
      error: 'Invalid configuration: cache_ttl is required when cache_enabled is true',
      issues: [{ key: 'cache_ttl', message: 'cache_ttl is required when cache_enabled is true' }],
    });
    expect(() => ActorConfig.fromJson({ cache_enabled: true }).parseTyped(CacheSchema)).toThrow(
      expect.objectContaining({ code: 'MISSING_REQUIRED', message: expect.stringContaining('cache_size is required when cache_enabled is true') }),
    );
  });

  it('hands a text field the text of a number or boolean read from the environment', () => {
    const schema = z.object({ node_id: z.string(), label: z.string().optional(), port: z.number() });
    const config = ActorConfig.fromEnv('ENGINE', { ENGINE_NODE_ID: '42', ENGINE_LABEL: 'true', ENGINE_PORT: '80' });
    expect(config.parseTyped(schema)).toEqual({ node_id: '42', label: 'true', port: 80 });
  });

  it('does not read the text "42" as a number field', () => {
    const outcome = ActorConfig.fromJson({ port: '42' }).validate(z.object({ port: z.number() }));
    expect(outcome).toMatchObject({ ok: false, error: expect.stringContaining('port must be a number (got string)') });
  });

  it('names each unknown key of a strict schema', () => {
    const outcome = ActorConfig.fromJson({ port: 1, prot: 2 }).validate(z.object({ port: z.number() }).strict());
    expect(outcome).toMatchObject({ ok: false, issues: [{ key: 'prot', message: 'prot is not a known key' }] });
  });
});
