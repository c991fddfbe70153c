import { ActorConfig } from './actor-config';
import { ConfigError } from './config-error';

/** What a provider or network accepts as one actor's configuration: a config or a plain object. */
export type ActorConfigInput = ActorConfig | Readonly<Record<string, unknown>>;

/** Copies a config or a plain object into a new `ActorConfig`. */
export function toActorConfig(input: ActorConfigInput): ActorConfig {
  return input instanceof ActorConfig ? input.clone() : ActorConfig.fromJson(input);
}

/**
 * Hands out each actor's configuration by actor (node) id; asking for an unknown actor throws a
 * `NOT_FOUND` {@link ConfigError} carrying the actor id.
 */
export class ConfigProvider {
  readonly #configs: Map<string, ActorConfig>;

  /** Takes the configurations by actor id, from a map or a record. */
  constructor(configsByActorId: ReadonlyMap<string, ActorConfigInput> | Readonly<Record<string, ActorConfigInput>> = {}) {
    const entries = configsByActorId instanceof Map ? [...(configsByActorId as ReadonlyMap<string, ActorConfigInput>)] : Object.entries(configsByActorId);
    this.#configs = new Map(entries.map(([actorId, config]) => [actorId, toActorConfig(config)]));
  }

  /** Whether the provider holds a configuration for the actor. */
  has(actorId: string): boolean {
    return this.#configs.has(actorId);
  }

  /** The actor ids the provider knows, in insertion order. */
  actorIds(): string[] {
    return [...this.#configs.keys()];
  }

  /** A copy of the actor's configuration (an actor's `set` never reaches another); `NOT_FOUND` naming the actor otherwise. */
  get(actorId: string): ActorConfig {
    const config = this.#configs.get(actorId);
    if (config === undefined) {
      throw new ConfigError('NOT_FOUND', `No configuration for actor '${actorId}'`, { actorId });
    }
    return config.clone();
  }
}
