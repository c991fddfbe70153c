import { z } from 'zod';
import { type ActorConfig } from './actor-config';
import { ConfigError } from './config-error';
import { type ActorConfigInput, ConfigProvider, toActorConfig } from './config-provider';
import { type JsonObject } from './json-value';

/** The spec's network-level configuration as JSON: `default_actor_config` holds defaults for every actor. */
export const NetworkConfigJsonSchema = z.object({ default_actor_config: z.record(z.unknown()).optional() }).passthrough();

/** The spec's network-level configuration as JSON. */
export type NetworkConfigJson = z.infer<typeof NetworkConfigJsonSchema>;

/** Options of a {@link NetworkConfig}. */
export interface NetworkConfigOptions {
  /**
   * Values every node starts from; a node's own values win per key.
   * @default an empty configuration
   */
  defaultActorConfig?: ActorConfigInput;
}

/** One node added to a {@link NetworkConfig}. */
export interface NetworkNode {
  /** The node id. */
  readonly nodeId: string;
  /** The component (actor template id) the node runs. */
  readonly component: string;
}

/**
 * The configuration of a network: defaults for every actor (`default_actor_config`) and each node's own
 * values, which win per key over the defaults.
 *
 * @example
 * const network = new NetworkConfig({ defaultActorConfig: { timeout: 30, retries: 3 } })
 *   .addNodeWithConfig('fetch', 'tpl_http_request', { timeout: 5 });
 * network.configFor('fetch').toObject(); // { timeout: 5, retries: 3 }
 */
export class NetworkConfig {
  /** Defaults for every actor (the spec's `default_actor_config`); changes to it apply to later `configFor` calls. */
  readonly defaultActorConfig: ActorConfig;
  readonly #nodes = new Map<string, { component: string; config: ActorConfig }>();

  /** A network configuration with the given defaults. */
  constructor(options: NetworkConfigOptions = {}) {
    this.defaultActorConfig = toActorConfig(options.defaultActorConfig ?? {});
  }

  /** Reads the spec's JSON shape (`{ default_actor_config }`); `VALIDATION` when it is malformed. */
  static fromJson(json: unknown): NetworkConfig {
    const result = NetworkConfigJsonSchema.safeParse(json);
    if (!result.success) {
      throw new ConfigError('VALIDATION', `Network configuration is malformed: ${result.error.issues[0].message}`, { key: 'default_actor_config' });
    }
    return new NetworkConfig({ defaultActorConfig: result.data.default_actor_config });
  }

  /** Adds a node with its own configuration; a node id added twice throws `VALIDATION` naming it. */
  addNodeWithConfig(nodeId: string, component: string, config?: ActorConfigInput): this {
    if (this.#nodes.has(nodeId)) throw new ConfigError('VALIDATION', `Node '${nodeId}' was already added`, { actorId: nodeId });
    this.#nodes.set(nodeId, { component, config: toActorConfig(config ?? {}) });
    return this;
  }

  /** The nodes added, in order. */
  nodes(): NetworkNode[] {
    return [...this.#nodes].map(([nodeId, { component }]) => ({ nodeId, component }));
  }

  /** The node's configuration over the defaults (a new instance); `NOT_FOUND` naming the node when it was not added. */
  configFor(nodeId: string): ActorConfig {
    const node = this.#nodes.get(nodeId);
    if (node === undefined) throw new ConfigError('NOT_FOUND', `No node '${nodeId}' in the network configuration`, { actorId: nodeId });
    return this.defaultActorConfig.mergeWith(node.config);
  }

  /** A provider holding every node's merged configuration. */
  toProvider(): ConfigProvider {
    return new ConfigProvider(new Map([...this.#nodes.keys()].map((nodeId) => [nodeId, this.configFor(nodeId)])));
  }

  /** The spec's JSON shape plus the nodes, with resolved secrets redacted. */
  toJSON(): { default_actor_config: JsonObject; nodes: Record<string, { component: string; config: JsonObject }> } {
    const nodes = Object.fromEntries([...this.#nodes].map(([nodeId, { component, config }]) => [nodeId, { component, config: config.toJSON() }]));
    return { default_actor_config: this.defaultActorConfig.toJSON(), nodes };
  }
}
