import { ConfigError } from './config-error';
import { coerceText } from './coerce-text';
import { type JsonObject, setKey } from './json-value';

const OPTION_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

function keyOf(name: string, token: string): string {
  if (!OPTION_NAME.test(name)) throw new ConfigError('PARSE', `Invalid option '${token}': an option name is letters, digits, '-', '_' or '.'`, { key: name });
  return name.replace(/-/g, '_').toLowerCase();
}

/**
 * Reads command-line options (without the node and script paths, i.e. `process.argv.slice(2)`) into an
 * object: `--key value`, `--key=value`, `--flag` (true) and `--no-flag` (false); `--some-key` gives key
 * `some_key`; values are read with {@link coerceText}. The token after `--key` is its value unless it
 * starts with `--`, so `--offset -5` works. A repeated option keeps its last value; `--` ends the options
 * and what follows is ignored. Any other token throws a `PARSE` {@link ConfigError} naming it.
 *
 * @example
 * readArguments(['--port', '0', '--bind-address=127.0.0.1', '--no-cors-enabled']);
 * // { port: 0, bind_address: '127.0.0.1', cors_enabled: false }
 */
export function readArguments(argv: readonly string[]): JsonObject {
  const values: JsonObject = {};
  for (let i = 0; i < argv.length; i += 1) {
    const token = argv[i];
    if (token === '--') break;
    if (!token.startsWith('--')) {
      throw new ConfigError('PARSE', `Unexpected command-line argument '${token}': options are written --name value or --name=value`);
    }
    const body = token.slice(2);
    const equals = body.indexOf('=');
    if (equals >= 0) {
      setKey(values, keyOf(body.slice(0, equals), token), coerceText(body.slice(equals + 1)));
    } else if (body.startsWith('no-') && body.length > 3) {
      setKey(values, keyOf(body.slice(3), token), false);
    } else {
      const next = argv[i + 1];
      const hasValue = next !== undefined && !next.startsWith('--');
      setKey(values, keyOf(body, token), hasValue ? coerceText(next) : true);
      if (hasValue) i += 1;
    }
  }
  return values;
}
