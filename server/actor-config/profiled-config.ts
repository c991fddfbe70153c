import { ActorConfig } from './actor-config';
import { readProfiledConfigFile } from './read-config-file';

/**
 * Loads a base config file and deep-merges over it the profile's file `<base>.<profile>.<ext>`
 * (`config.yaml` + `config.production.yaml`), the profile's values winning. No profile, or no profile file,
 * means the base alone; a missing base file throws `IO` naming the path.
 *
 * @example
 * const config = await loadProfiledConfig('config.yaml', process.env.ENGINE_PROFILE);
 */
export async function loadProfiledConfig(basePath: string, profile?: string): Promise<ActorConfig> {
  const values = await readProfiledConfigFile(basePath, profile);
  return ActorConfig.fromJson(values ?? {});
}
