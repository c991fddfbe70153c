import { extraActorsOf } from '../server/actor-packages';
import { loadServerConfig, type ServerConfig } from '../server/config';
import { type AnyActorDefinition } from '../server/engine';
import { CliError } from './cli-error';

/** Where the in-process service's configuration comes from. */
export interface LocalConfigOptions {
  /** The environment: `ENGINE_*` variables and `SECRET_*` secrets, as the server reads them. */
  env: Readonly<Record<string, string | undefined>>;
  /** A configuration file, as `serve --config` takes it. */
  configFile?: string;
}

/** The configuration the server would run with, and the actors of the operator's packages it would add to its catalogue. */
export interface LocalConfig {
  config: ServerConfig;
  packageActors: readonly AnyActorDefinition[];
}

/**
 * Loads the server's configuration from its sources (its file and `ENGINE_*` variables) for work in this process,
 * with the actors of `actor_packages` and `noflo_component_packages` checked as the server checks them. No port
 * is listened on, so none is denied to a graph as the server's own; logs are errors only unless
 * `ENGINE_LOG_LEVEL` says otherwise, since the command reports its work itself.
 * @throws CliError naming the key of a bad value, or the package that cannot join the catalogue
 */
export async function loadLocalConfig(options: LocalConfigOptions): Promise<LocalConfig> {
  const argv = ['--port', '0', ...(options.configFile === undefined ? [] : ['--config', options.configFile])];
  if (options.env.ENGINE_LOG_LEVEL === undefined) argv.push('--log-level', 'error');
  const loaded = await loadServerConfig({ argv, env: options.env });
  if (!loaded.ok) throw new CliError(loaded.message);
  const { config } = loaded;
  const extra = await extraActorsOf(config);
  if (!extra.ok) throw new CliError(extra.message);
  return { config, packageActors: extra.added };
}
