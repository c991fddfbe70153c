import { ActorConfig, isConfigError, readArguments } from '../actor-config';
import { closestKey } from './closest-key';
import { type ServerConfig, ServerConfigSchema, clusterSettingsProblem } from './server-config';
import { ENV_PREFIX } from './usage';

/** Where the configuration comes from. */
export interface ConfigSources {
  /** Command-line options, `process.argv.slice(2)`. */
  argv: readonly string[];
  /** Environment variables. */
  env: Readonly<Record<string, string | undefined>>;
}

/** A setting that was ignored: an `ENGINE_*` variable or a config file key that names no key, and the nearest one that does. */
interface ConfigWarning {
  /** The variable (`ENGINE_PROT`) or file key (`prot`) as written. */
  name: string;
  /** The known variable or key nearest to it. */
  closest: string;
  message: string;
}

/** The configuration and what was ignored on the way, or a message naming the offending key or file. */
export type LoadedConfig = { ok: true; config: ServerConfig; warnings: ConfigWarning[] } | { ok: false; message: string };

const KNOWN_KEYS = new Set(Object.keys(ServerConfigSchema.shape));
const ENV_HEAD = `${ENV_PREFIX}_`;

const variableOf = (key: string): string => `${ENV_HEAD}${key.toUpperCase()}`;

/**
 * Splits the `ENGINE_*` variables into those of known keys and a warning for each other one: they are
 * ignored, not refused, since a machine may hold `ENGINE_*` variables of other software.
 */
function readEnvironment(env: ConfigSources['env']): { known: Record<string, string>; warnings: ConfigWarning[] } {
  const known: Record<string, string> = {};
  const warnings: ConfigWarning[] = [];
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || !name.startsWith(ENV_HEAD) || name.length === ENV_HEAD.length) continue;
    const key = name.slice(ENV_HEAD.length).toLowerCase();
    if (KNOWN_KEYS.has(key)) {
      known[name] = value;
      continue;
    }
    const closest = variableOf(closestKey(key, KNOWN_KEYS));
    warnings.push({ name, closest, message: `Environment variable ${name} names no setting and is ignored; the closest one is ${closest}` });
  }
  return { known, warnings };
}

/**
 * Takes out of the merged values the unknown keys no command-line option set, that is those of the config
 * file, with a warning each; an unknown option stays, for the schema to refuse.
 */
function dropUnknownFileKeys(values: Record<string, unknown>, argv: readonly string[]): ConfigWarning[] {
  const fromArgs = new Set(Object.keys(readArguments(argv)));
  return Object.keys(values)
    .filter((key) => !KNOWN_KEYS.has(key) && !fromArgs.has(key))
    .map((key) => {
      delete values[key];
      const closest = closestKey(key, KNOWN_KEYS);
      return { name: key, closest, message: `Key '${key}' of the config file names no setting and is ignored; the closest one is '${closest}'` };
    });
}

function unknownOptions(keys: readonly string[]): string {
  return keys.map((key) => `unknown option '${key}' (the closest is '${closestKey(key, KNOWN_KEYS)}')`).join('; ');
}

/**
 * Loads the server configuration with, highest first: command-line options (`--port 0`, `--bind-address`,
 * one per key), `ENGINE_`-prefixed environment variables, the file named by `--config` / `ENGINE_CONFIG`
 * (YAML, TOML or JSON, with `--profile` / `ENGINE_PROFILE` merging `<base>.<profile>.<ext>` over it), and
 * the defaults; then validates the whole with {@link ServerConfigSchema}.
 */
export async function loadServerConfig({ argv, env }: ConfigSources): Promise<LoadedConfig> {
  try {
    const { known: environment, warnings } = readEnvironment(env);
    const early = ActorConfig.builder().fromEnv(ENV_PREFIX, environment).fromArgs(argv);
    const pointers = await early.build();
    const file = pointers.getString('config');
    const builder = ActorConfig.builder().withProfile(pointers.getString('profile'));
    if (file !== undefined) builder.fromFile(file);
    const merged = await builder.fromEnv(ENV_PREFIX, environment).fromArgs(argv).build();
    const values = merged.toObject();
    warnings.push(...dropUnknownFileKeys(values, argv));
    const parsed = ServerConfigSchema.safeParse(values);
    const cluster = parsed.success ? clusterSettingsProblem(parsed.data) : undefined;
    if (cluster !== undefined) return { ok: false, message: `Invalid configuration: ${cluster}` };
    if (parsed.success) return { ok: true, config: parsed.data, warnings };
    const problems = parsed.error.issues.map((issue) =>
      issue.code === 'unrecognized_keys' && issue.path.length === 0 ? unknownOptions(issue.keys) : `'${issue.path.join('.')}': ${issue.message}`,
    );
    return { ok: false, message: `Invalid configuration: ${problems.join('; ')}` };
  } catch (error) {
    if (isConfigError(error)) return { ok: false, message: `Invalid configuration: ${error.message}` };
    throw error;
  }
}

/** Tells whether the options ask for help rather than a server. */
export function wantsHelp(argv: readonly string[]): boolean {
  return argv.includes('--help') || argv.includes('-h');
}
