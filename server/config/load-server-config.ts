import { ActorConfig, isConfigError } from '../actor-config';
import { type ServerConfig, ServerConfigSchema } from './server-config';

/** The prefix of the environment variables that configure the server (`ENGINE_PORT`, ...). */
export const ENV_PREFIX = 'ENGINE';

/** Where the configuration comes from. */
export interface ConfigSources {
  /** Command-line options, `process.argv.slice(2)`. */
  argv: readonly string[];
  /** Environment variables. */
  env: Readonly<Record<string, string | undefined>>;
}

/** The configuration, or a message naming the offending key or file. */
export type LoadedConfig = { ok: true; config: ServerConfig } | { ok: false; message: string };

const KNOWN_KEYS = new Set(Object.keys(ServerConfigSchema.shape));

/** The `ENGINE_<KEY>` variables of known keys only: other `ENGINE_*` variables of the machine are not ours to reject. */
function knownEnvironment(env: ConfigSources['env']): Record<string, string> {
  const head = `${ENV_PREFIX}_`;
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && entry[0].startsWith(head) && KNOWN_KEYS.has(entry[0].slice(head.length).toLowerCase()),
    ),
  );
}

/**
 * Loads the server configuration with, highest first: command-line options (`--port 0`, `--bind-address`,
 * one per key), `ENGINE_`-prefixed environment variables, the file named by `--config` / `ENGINE_CONFIG`
 * (YAML, TOML or JSON, with `--profile` / `ENGINE_PROFILE` merging `<base>.<profile>.<ext>` over it), and
 * the defaults; then validates the whole with {@link ServerConfigSchema}.
 */
export async function loadServerConfig({ argv, env }: ConfigSources): Promise<LoadedConfig> {
  try {
    const environment = knownEnvironment(env);
    const early = ActorConfig.builder().fromEnv(ENV_PREFIX, environment).fromArgs(argv);
    const pointers = await early.build();
    const file = pointers.getString('config');
    const builder = ActorConfig.builder().withProfile(pointers.getString('profile'));
    if (file !== undefined) builder.fromFile(file);
    const merged = await builder.fromEnv(ENV_PREFIX, environment).fromArgs(argv).build();
    const parsed = ServerConfigSchema.safeParse(merged.toObject());
    if (parsed.success) return { ok: true, config: parsed.data };
    const problems = parsed.error.issues.map((issue) =>
      issue.code === 'unrecognized_keys' ? `unknown option(s) ${issue.keys.map((k) => `'${k}'`).join(', ')}` : `'${issue.path.join('.')}': ${issue.message}`,
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

/** The usage text: every option with its environment variable and meaning. */
export function usage(): string {
  const lines = Object.entries(ServerConfigSchema.shape).map(([key, schema]) => {
    const flag = `--${key.replace(/_/g, '-')}`;
    return `  ${flag.padEnd(36)} ${`${ENV_PREFIX}_${key.toUpperCase()}`.padEnd(40)} ${schema.description ?? ''}`;
  });
  return ['Usage: npm start -- [options]', '', '  option                               environment variable                     meaning', ...lines].join('\n');
}

