import { type ActorConfig } from './actor-config';
import { readArguments } from './args-source';
import { type EnvironmentVariables, readEnvironment } from './env-source';
import { type JsonObject, toJsonValue } from './json-value';
import { readProfiledConfigFile } from './read-config-file';

/** Options of one config file source of the builder. */
export interface FileSourceOptions {
  /**
   * A missing file is skipped instead of failing the build (an unreadable or malformed one still fails).
   * @default false
   */
  optional?: boolean;
}

type Source = { rank: 0; read: () => JsonObject } | { rank: 1; path: string; optional: boolean } | { rank: 2 | 3; read: () => JsonObject };

/**
 * Collects configuration sources and combines them at `build()` with precedence, highest first: command-line
 * arguments, environment, files, defaults, whatever order the calls were made in. Sources of one kind apply
 * in call order (a later file wins over an earlier one). Sources are deep-merged (`extendWith`), so a file's
 * nested object adds to the defaults' one. Get one with `ActorConfig.builder()`.
 *
 * @example
 * const config = await ActorConfig.builder()
 *   .withDefaults({ port: 8080 })
 *   .fromFile('engine.yaml', { optional: true })
 *   .fromEnv('ENGINE')
 *   .fromArgs(process.argv.slice(2))
 *   .withProfile(process.env.ENGINE_PROFILE)
 *   .build();
 */
export class ActorConfigBuilder {
  readonly #create: (values: JsonObject) => ActorConfig;
  readonly #sources: Source[] = [];
  #profile: string | undefined;

  /** Use `ActorConfig.builder()`; `create` turns each source's values into a config. */
  constructor(create: (values: JsonObject) => ActorConfig) {
    this.#create = create;
  }

  /** Adds default values, the lowest layer. */
  withDefaults(defaults: Readonly<Record<string, unknown>>): this {
    this.#sources.push({ rank: 0, read: () => toJsonValue(defaults, 'VALIDATION') as JsonObject });
    return this;
  }

  /** Adds a YAML, JSON or TOML file (format by extension), read at build time; a missing file fails the build unless `optional`. */
  fromFile(path: string, options: FileSourceOptions = {}): this {
    this.#sources.push({ rank: 1, path, optional: options.optional ?? false });
    return this;
  }

  /** Adds the variables `<PREFIX>_<KEY>` of `env`, read at build time. */
  fromEnv(prefix: string, env: EnvironmentVariables = process.env): this {
    this.#sources.push({ rank: 2, read: () => readEnvironment(prefix, env) });
    return this;
  }

  /** Adds command-line options (`process.argv.slice(2)`), the highest layer, parsed at build time. */
  fromArgs(argv: readonly string[]): this {
    const copy = [...argv];
    this.#sources.push({ rank: 3, read: () => readArguments(copy) });
    return this;
  }

  /** Also reads `<base>.<profile>.<ext>` over each file, when it exists; `undefined` or `''` means no profile. */
  withProfile(profile: string | undefined): this {
    this.#profile = profile;
    return this;
  }

  /** Reads every source and combines them; rejects with the `ConfigError` of the first failing source. */
  async build(): Promise<ActorConfig> {
    const ordered = [...this.#sources].sort((a, b) => a.rank - b.rank);
    let config = this.#create({});
    for (const source of ordered) {
      const values = source.rank === 1 ? await readProfiledConfigFile(source.path, this.#profile, source.optional) : source.read();
      if (values !== undefined) config = config.extendWith(this.#create(values));
    }
    return config;
  }
}
