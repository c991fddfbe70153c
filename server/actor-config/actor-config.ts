import { writeFile } from 'node:fs/promises';
import { type InspectOptionsStylized, inspect } from 'node:util';
import { type z } from 'zod';
import { ActorConfigBuilder } from './actor-config-builder';
import { readArguments } from './args-source';
import { ConfigError } from './config-error';
import { type ConfigField, configFields } from './config-fields';
import { formatFromPath, stringifyConfig } from './config-file-format';
import { type EnvironmentVariables, readEnvironment } from './env-source';
import { type JsonObject, type JsonValue, cloneJson, deepMerge, isJsonObject, jsonEqual, setKey, toJsonValue } from './json-value';
import { readConfigFile } from './read-config-file';
import { type SecretLookup, type SecretViews, collectSecretNames, resolveSecretsInValue } from './secret-reference';
import { type ValidationOutcome, parseTypedValues, validateValues } from './typed-config';

/** Which form of the values to read: as the actor sees them, with secrets redacted, or as written (references). */
export type ConfigView = 'resolved' | 'redacted' | 'references';

type Combine = (base: JsonValue | undefined, over: JsonValue) => JsonValue;

const replace: Combine = (_base, over) => cloneJson(over);
const extend: Combine = (base, over) => (base === undefined ? cloneJson(over) : deepMerge(base, over));

/**
 * The key/value configuration handed to an actor. Values are JSON; numbers are floating point. `set` and
 * `delete` change the instance; every other operation (`mergeWith`, `extendWith`, secret resolution)
 * returns a new one. Resolved secrets are readable through the getters but redacted in `toJSON`,
 * `toString` and `util.inspect`, and saved as their `${secret:NAME}` reference.
 */
export class ActorConfig {
  readonly #values: Map<string, JsonValue>;
  readonly #secrets: Map<string, SecretViews>;

  private constructor(values: Map<string, JsonValue>, secrets: Map<string, SecretViews> = new Map()) {
    this.#values = values;
    this.#secrets = secrets;
  }

  /** An empty configuration. */
  static default(): ActorConfig {
    return new ActorConfig(new Map());
  }

  /** A configuration from JSON text (`PARSE` when it is not a JSON object) or from an object (copied; `VALIDATION` when it is not JSON). */
  static fromJson(textOrObject: string | object): ActorConfig {
    let input: unknown = textOrObject;
    const code = typeof textOrObject === 'string' ? 'PARSE' : 'VALIDATION';
    if (typeof textOrObject === 'string') {
      try {
        input = JSON.parse(textOrObject);
      } catch (error) {
        throw new ConfigError('PARSE', `Configuration is not valid JSON: ${(error as Error).message}`, { cause: error });
      }
    }
    if (!isJsonObject(input)) throw new ConfigError(code, 'A configuration must be a JSON object of keys to values');
    return new ActorConfig(new Map(Object.entries(toJsonValue(input, code) as JsonObject)));
  }

  /** A configuration from the variables `<PREFIX>_<KEY>` (key in lower case; numbers, booleans and JSON read as such). */
  static fromEnv(prefix: string, env: EnvironmentVariables = process.env): ActorConfig {
    return new ActorConfig(new Map(Object.entries(readEnvironment(prefix, env))));
  }

  /** A configuration from command-line options (`--key value`, `--key=value`, `--flag`, `--no-flag`). */
  static fromArgs(argv: readonly string[]): ActorConfig {
    return new ActorConfig(new Map(Object.entries(readArguments(argv))));
  }

  /** Reads a file whose format is given by its extension (.yaml, .yml, .json, .toml). */
  static async fromFile(path: string): Promise<ActorConfig> {
    return ActorConfig.fromJson(await readConfigFile(path));
  }

  /** Reads a YAML file (whatever its extension); `IO` or `PARSE` naming the path on failure. */
  static async fromYamlFile(path: string): Promise<ActorConfig> {
    return ActorConfig.fromJson(await readConfigFile(path, 'yaml'));
  }

  /** Reads a JSON file (whatever its extension); `IO` or `PARSE` naming the path on failure. */
  static async fromJsonFile(path: string): Promise<ActorConfig> {
    return ActorConfig.fromJson(await readConfigFile(path, 'json'));
  }

  /** Reads a TOML file (whatever its extension); `IO` or `PARSE` naming the path on failure. */
  static async fromTomlFile(path: string): Promise<ActorConfig> {
    return ActorConfig.fromJson(await readConfigFile(path, 'toml'));
  }

  /** Copies each key/value of a legacy map or record as it is (no text coercion). */
  static fromLegacyHashmap(mapOrRecord: ReadonlyMap<string, unknown> | Readonly<Record<string, unknown>>): ActorConfig {
    const entries = mapOrRecord instanceof Map ? [...(mapOrRecord as ReadonlyMap<string, unknown>)] : Object.entries(mapOrRecord);
    const values = new Map<string, JsonValue>();
    for (const [key, value] of entries) if (value !== undefined) values.set(key, toJsonValue(value, 'VALIDATION', key));
    return new ActorConfig(values);
  }

  /** A builder combining defaults, files, environment and arguments with precedence args > env > file > defaults. */
  static builder(): ActorConfigBuilder {
    return new ActorConfigBuilder((values) => ActorConfig.fromJson(values));
  }

  /** Describes each field of a zod object schema; see {@link configFields}. */
  static configFields(schema: z.ZodTypeAny): ConfigField[] {
    return configFields(schema);
  }

  /** How many keys the configuration holds. */
  get size(): number {
    return this.#values.size;
  }

  /** Whether the key is present. */
  has(key: string): boolean {
    return this.#values.has(key);
  }

  /** The keys, in insertion order. */
  keys(): string[] {
    return [...this.#values.keys()];
  }

  /** The value of a key, any JSON value (read-only: change it with `set`); `undefined` when absent. */
  get(key: string): JsonValue | undefined {
    return this.#values.get(key);
  }

  /** The number under a key; `undefined` when absent or not a number (the text "42" is not a number). */
  getNumber(key: string): number | undefined {
    const value = this.#values.get(key);
    return typeof value === 'number' ? value : undefined;
  }

  /** The boolean under a key; `undefined` when absent or not a boolean. */
  getBoolean(key: string): boolean | undefined {
    const value = this.#values.get(key);
    return typeof value === 'boolean' ? value : undefined;
  }

  /** The string under a key; `undefined` when absent or not a string. */
  getString(key: string): string | undefined {
    const value = this.#values.get(key);
    return typeof value === 'string' ? value : undefined;
  }

  /** Sets a key on this instance (a copy of the value); `VALIDATION` naming the key when the value is not JSON. */
  set(key: string, value: JsonValue): this {
    const copy = toJsonValue(value, 'VALIDATION', key);
    this.#values.set(key, copy);
    this.#secrets.delete(key);
    return this;
  }

  /** Removes a key from this instance; whether it was present. */
  delete(key: string): boolean {
    this.#secrets.delete(key);
    return this.#values.delete(key);
  }

  /** A new config: the argument's top-level keys replace this one's, other keys of both are kept. */
  mergeWith(other: ActorConfig | Readonly<Record<string, unknown>>): ActorConfig {
    return this.#combine(other instanceof ActorConfig ? other : ActorConfig.fromJson(other), replace);
  }

  /** A new config like {@link mergeWith}, except that nested objects present in both are merged key by key. */
  extendWith(other: ActorConfig | Readonly<Record<string, unknown>>): ActorConfig {
    return this.#combine(other instanceof ActorConfig ? other : ActorConfig.fromJson(other), extend);
  }

  #view(key: string, form: 'reference' | 'redacted'): JsonValue | undefined {
    return this.#secrets.get(key)?.[form] ?? this.#values.get(key);
  }

  #combine(other: ActorConfig, combine: Combine): ActorConfig {
    const values = new Map([...this.#values].map(([key, value]) => [key, cloneJson(value)]));
    const secrets = new Map(this.#secrets);
    for (const [key, value] of other.#values) {
      const merged = combine(this.#values.get(key), value);
      values.set(key, merged);
      secrets.delete(key);
      if (!this.#secrets.has(key) && !other.#secrets.has(key)) continue;
      const views: SecretViews = {
        reference: combine(this.#view(key, 'reference'), other.#view(key, 'reference')!),
        redacted: combine(this.#view(key, 'redacted'), other.#view(key, 'redacted')!),
      };
      if (!jsonEqual(views.redacted, merged)) secrets.set(key, views);
    }
    return new ActorConfig(values, secrets);
  }

  /** Parses the values into a zod schema's type (defaults applied); throws `VALIDATION` or `MISSING_REQUIRED` naming each failing key. */
  parseTyped<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>): T {
    return parseTypedValues(this.toObject(), schema);
  }

  /** Checks the values against a zod schema: `{ ok: true, value }` or `{ ok: false, error, issues }`. */
  validate<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>): ValidationOutcome<T> {
    return validateValues(this.toObject(), schema);
  }

  /** The names of every `${secret:NAME}` reference as written, resolved or not (to pre-load a store). */
  secretNames(): string[] {
    const names = new Set<string>();
    for (const key of this.#values.keys()) collectSecretNames(this.#view(key, 'reference')!, names);
    return [...names];
  }

  /** Whether the key holds a resolved secret. */
  isSecret(key: string): boolean {
    return this.#secrets.has(key);
  }

  /**
   * A new config with every `${secret:NAME}` reference replaced by `lookup(name)`; `SecretResolver.resolve`
   * is the usual way in. Throws `SECRET_UNRESOLVED` or `INVALID_SECRET_NAME` naming the reference and key.
   */
  resolveSecrets(lookup: SecretLookup): ActorConfig {
    const values = new Map<string, JsonValue>();
    const secrets = new Map<string, SecretViews>();
    for (const [key, value] of this.#values) {
      const resolved = resolveSecretsInValue(key, value, this.#secrets.get(key), lookup);
      values.set(key, resolved.value);
      if (resolved.views !== undefined) secrets.set(key, resolved.views);
    }
    return new ActorConfig(values, secrets);
  }

  /** A copy sharing nothing with this instance. */
  clone(): ActorConfig {
    return new ActorConfig(new Map([...this.#values].map(([key, value]) => [key, cloneJson(value)])), new Map(this.#secrets));
  }

  /** A plain copy of the values: `resolved` (what the actor reads, the default), `redacted` or `references`. */
  toObject(view: ConfigView = 'resolved'): JsonObject {
    const object: JsonObject = {};
    for (const [key, value] of this.#values) {
      const shown = view === 'resolved' ? value : this.#view(key, view === 'redacted' ? 'redacted' : 'reference')!;
      setKey(object, key, cloneJson(shown));
    }
    return object;
  }

  /** The values with resolved secrets redacted, so `JSON.stringify` and JSON loggers never see a secret. */
  toJSON(): JsonObject {
    return this.toObject('redacted');
  }

  /** A one-line text with resolved secrets redacted. */
  toString(): string {
    return `ActorConfig ${JSON.stringify(this.toJSON())}`;
  }

  /** What `util.inspect` and `console.log` show: the redacted values. */
  [inspect.custom](_depth: number, options: InspectOptionsStylized, show: typeof inspect): string {
    return `ActorConfig ${show(this.toJSON(), options)}`;
  }

  /** Saves the values as written (secret references, never their values) in the format of the file's extension. */
  async saveToFile(path: string): Promise<void> {
    const text = stringifyConfig(this.toObject('references'), formatFromPath(path), path);
    try {
      await writeFile(path, text, 'utf8');
    } catch (error) {
      throw new ConfigError('IO', `Cannot write config file '${path}': ${(error as Error).message}`, { path, cause: error });
    }
  }
}
