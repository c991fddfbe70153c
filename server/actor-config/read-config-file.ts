import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { ConfigError } from './config-error';
import { type ConfigFileFormat, formatFromPath, parseConfigText } from './config-file-format';
import { type JsonObject, deepMerge } from './json-value';

/** A profile name: letters, digits, `_`, `-` and `.`, not starting with a dot, so it cannot leave the folder. */
const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

function errnoCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

async function readText(path: string, optional: boolean): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = errnoCode(error);
    if (optional && code === 'ENOENT') return undefined;
    const reason = code === 'ENOENT' ? 'does not exist' : `cannot be read (${code ?? String(error)})`;
    throw new ConfigError('IO', `Config file '${path}' ${reason}`, { path, cause: error });
  }
}

/** Reads and parses a configuration file; throws `IO` (missing, unreadable) or `PARSE` naming the path. */
export async function readConfigFile(path: string, format: ConfigFileFormat = formatFromPath(path)): Promise<JsonObject> {
  const text = await readText(path, false);
  return parseConfigText(text ?? '', format, path);
}

/** Reads a configuration file that may be absent: `undefined` when it does not exist; other failures throw. */
async function readOptionalConfigFile(path: string, format: ConfigFileFormat = formatFromPath(path)): Promise<JsonObject | undefined> {
  const text = await readText(path, true);
  return text === undefined ? undefined : parseConfigText(text, format, path);
}

/**
 * The path of a base file's profile file: `config.yaml` with profile `production` gives
 * `config.production.yaml`. Throws `VALIDATION` for a profile name that is not a plain word.
 */
export function profileFilePath(basePath: string, profile: string): string {
  if (!PROFILE_NAME.test(profile)) {
    throw new ConfigError('VALIDATION', `Invalid profile name '${profile}': use letters, digits, '-', '_' or '.'`, { key: 'profile' });
  }
  const extension = extname(basePath);
  return `${basePath.slice(0, basePath.length - extension.length)}.${profile}${extension}`;
}

/**
 * Reads a base file and, when a profile is given and its file exists, deep-merges the profile file over it.
 * A missing profile file means the base alone; a missing base file throws unless `optional` (then the
 * profile file alone counts, and `undefined` when neither exists).
 */
export async function readProfiledConfigFile(basePath: string, profile?: string, optional = false): Promise<JsonObject | undefined> {
  const format = formatFromPath(basePath);
  const profilePath = profile === undefined || profile === '' ? undefined : profileFilePath(basePath, profile);
  const base = optional ? await readOptionalConfigFile(basePath, format) : await readConfigFile(basePath, format);
  if (profilePath === undefined) return base;
  const overlay = await readOptionalConfigFile(profilePath, format);
  if (overlay === undefined || base === undefined) return overlay ?? base;
  return deepMerge(base, overlay) as JsonObject;
}
