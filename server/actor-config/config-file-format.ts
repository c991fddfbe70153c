import { extname } from 'node:path';
import { parse as parseToml, stringify as stringifyToml } from 'smol-toml';
import YAML from 'yaml';
import { z } from 'zod';
import { ConfigError } from './config-error';
import { type JsonObject, type JsonValue, isJsonObject, toJsonValue } from './json-value';

/** The file formats a configuration can be read from and saved to. */
export const ConfigFileFormatSchema = z.enum(['yaml', 'json', 'toml']);

/** A configuration file format. */
export type ConfigFileFormat = z.infer<typeof ConfigFileFormatSchema>;

const FORMAT_BY_EXTENSION: Readonly<Record<string, ConfigFileFormat>> = {
  '.yaml': 'yaml',
  '.yml': 'yaml',
  '.json': 'json',
  '.toml': 'toml',
};

const FORMAT_NAMES: Readonly<Record<ConfigFileFormat, string>> = { yaml: 'YAML', json: 'JSON', toml: 'TOML' };

/** Picks a file's format from its extension (`.yaml`, `.yml`, `.json`, `.toml`, any case), or throws `UNSUPPORTED_FORMAT`. */
export function formatFromPath(path: string): ConfigFileFormat {
  const format = FORMAT_BY_EXTENSION[extname(path).toLowerCase()];
  if (format === undefined) {
    throw new ConfigError('UNSUPPORTED_FORMAT', `Config file '${path}' has no supported extension (.yaml, .yml, .json or .toml)`, { path });
  }
  return format;
}

function parseDocument(text: string, format: ConfigFileFormat): unknown {
  if (format === 'json') return JSON.parse(text);
  if (format === 'toml') return parseToml(text);
  return YAML.parse(text, { merge: true }) ?? {};
}

/** Parses the text of a configuration file; its top level must be a mapping. Throws `PARSE` naming the file. */
export function parseConfigText(text: string, format: ConfigFileFormat, path: string): JsonObject {
  let document: unknown;
  try {
    document = parseDocument(text.replace(/^\uFEFF/, ''), format);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError('PARSE', `Cannot parse ${FORMAT_NAMES[format]} config file '${path}': ${reason}`, { path, cause: error });
  }
  if (!isJsonObject(document)) {
    throw new ConfigError('PARSE', `Config file '${path}' must hold a mapping of keys to values at its top level`, { path });
  }
  try {
    return toJsonValue(document, 'PARSE') as JsonObject;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError('PARSE', `Config file '${path}': ${reason}`, { path, cause: error, key: (error as ConfigError).key });
  }
}

function findNull(value: JsonValue, path: string): string | undefined {
  if (value === null) return path;
  if (typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = findNull(item, Array.isArray(value) ? `${path}[${key}]` : path === '' ? key : `${path}.${key}`);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Writes configuration values as the text of a file of the given format; TOML cannot hold null, which throws `VALIDATION`. */
export function stringifyConfig(values: JsonObject, format: ConfigFileFormat, path: string): string {
  if (format === 'json') return `${JSON.stringify(values, null, 2)}\n`;
  if (format === 'yaml') return YAML.stringify(values);
  const nullKey = findNull(values, '');
  if (nullKey !== undefined) {
    throw new ConfigError('VALIDATION', `Cannot save '${path}' as TOML: key '${nullKey}' is null, which TOML cannot hold`, { path, key: nullKey });
  }
  return `${stringifyToml(values)}\n`;
}
