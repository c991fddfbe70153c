import { ActorConfig } from './actor-config';
import { readEnvironment } from './env-source';

describe('environment source', () => {
  const env = { PROCESSOR_BATCH_SIZE: '100', PROCESSOR_ENABLED: 'true', PROCESSOR_NAME: 'proc', OTHER_BATCH_SIZE: '5', PROCESSOR_: 'x' };

  it('maps PROCESSOR_ variables to lower-case keys with a number, a boolean and a string', () => {
    const config = ActorConfig.fromEnv('PROCESSOR', env);
    expect(config.getNumber('batch_size')).toBe(100);
    expect(config.getBoolean('enabled')).toBe(true);
    expect(config.getString('name')).toBe('proc');
    expect(config.keys().sort()).toEqual(['batch_size', 'enabled', 'name']);
  });

  it('accepts the prefix in lower case or with its trailing underscore', () => {
    expect(readEnvironment('processor_', env)).toEqual(readEnvironment('PROCESSOR', env));
  });

  it('parses JSON-looking values', () => {
    expect(readEnvironment('APP', { APP_HOSTS: '["a","b"]' })).toEqual({ hosts: ['a', 'b'] });
  });

  it('reads process.env when no environment is given', () => {
    process.env.ACTOR_CONFIG_TEST_PORT = '8080';
    try {
      expect(ActorConfig.fromEnv('ACTOR_CONFIG_TEST').getNumber('port')).toBe(8080);
    } finally {
      delete process.env.ACTOR_CONFIG_TEST_PORT;
    }
  });

  it('refuses an empty prefix', () => {
    expect(() => readEnvironment('', env)).toThrow(expect.objectContaining({ code: 'VALIDATION' }));
  });
});
