import { ActorConfig } from './actor-config';
import { readArguments } from './args-source';

describe('command-line source', () => {
  it('reads --key value, --key=value, --flag and --no-flag', () => {
    expect(readArguments(['--port', '0', '--bind-address=127.0.0.1', '--verbose', '--no-cors-enabled'])).toEqual({
      port: 0,
      bind_address: '127.0.0.1',
      verbose: true,
      cors_enabled: false,
    });
  });

  it('coerces numbers and booleans like the environment and keeps other text', () => {
    const config = ActorConfig.fromArgs(['--batch-size', '100', '--enabled=false', '--name', 'proc', '--offset', '-5']);
    expect(config.getNumber('batch_size')).toBe(100);
    expect(config.getBoolean('enabled')).toBe(false);
    expect(config.getString('name')).toBe('proc');
    expect(config.getNumber('offset')).toBe(-5);
  });

  it('keeps the last value of a repeated option and an empty value after =', () => {
    expect(readArguments(['--mode', 'a', '--mode', 'b', '--label='])).toEqual({ mode: 'b', label: '' });
  });

  it('stops at -- and ignores what follows', () => {
    expect(readArguments(['--a', '1', '--', 'rest', '--b'])).toEqual({ a: 1 });
  });

  it('rejects a stray token with a PARSE error naming it', () => {
    expect(() => readArguments(['--a', '1', 'stray'])).toThrow(expect.objectContaining({ code: 'PARSE', message: expect.stringContaining("'stray'") }));
    expect(() => readArguments(['-p', '80'])).toThrow(expect.objectContaining({ code: 'PARSE', message: expect.stringContaining("'-p'") }));
    expect(() => readArguments(['--bad name'])).toThrow(expect.objectContaining({ code: 'PARSE' }));
  });
});
