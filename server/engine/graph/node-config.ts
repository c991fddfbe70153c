import { type JsonObject } from '../../../model';
import { type AnyActorDefinition } from '../sdk/actor-definition';
import { type ActorConfigOutcome, type ActorConfigProblem, parseActorConfig } from '../sdk/parse-actor-config';

/** A node's configuration layers merged: what an actor's schema parses. */
export interface ConfigLayers {
  /** The network's default actor configuration with the node's `metadata.propertyValues` over it: what a live update of `metadata.config` is merged over. */
  readonly base: JsonObject;
  /** `base` with `metadata.config` over it. */
  readonly merged: JsonObject;
}

/**
 * A node's configuration as validation settled it, carried in the validated graph so that a run does not
 * merge or parse it again: the layers merged, and the actor's parse of them.
 */
export interface NodeConfig extends ConfigLayers {
  /**
   * `merged` parsed by the actor's schema: the actor's `ctx.config`, unless resolving secret references
   * changes `merged`. A validated graph is shared by every run of it, so this value is read-only.
   */
  readonly parsed: unknown;
}

/** The outcome of settling a node's configuration: the layers and their parse, or every problem of the parse. */
export type SettleNodeConfigOutcome = { ok: true; config: NodeConfig } | { ok: false; problems: ActorConfigProblem[] };

/**
 * Merges a node's configuration layers, each later one winning per key: the network's default actor
 * configuration (`default_actor_config`), then `metadata.propertyValues`, then `metadata.config`.
 *
 * @example
 * mergeConfig({ timeout: 30, retries: 3 }, {}, { timeout: 5 }); // { timeout: 5, retries: 3 }
 */
export function mergeConfig(defaults: JsonObject | undefined, propertyValues: JsonObject, config: JsonObject): JsonObject {
  return { ...defaults, ...propertyValues, ...config };
}

/** The layers with `metadata.config` replaced (a live update): the same base, the new layer over it. */
export function replaceConfigLayer(layers: ConfigLayers, config: JsonObject): ConfigLayers {
  return { base: layers.base, merged: { ...layers.base, ...config } };
}

/**
 * Each actor's parse of an empty configuration: many nodes set no key, and the parse (the schema's defaults)
 * is the same for all of them. Shared, as a validated graph's parses are shared by its runs, and as read-only.
 */
const emptyConfigParses = new WeakMap<AnyActorDefinition, ActorConfigOutcome>();

/** Merges a node's layers and parses them with its actor's schema; each problem names its key. */
export function settleNodeConfig(definition: AnyActorDefinition, defaults: JsonObject | undefined, propertyValues: JsonObject, config: JsonObject): SettleNodeConfigOutcome {
  const { base, merged } = mergeLayers(defaults, propertyValues, config);
  const outcome = isEmpty(merged) ? emptyConfigParse(definition, merged) : parseActorConfig(definition, merged);
  return outcome.ok ? { ok: true, config: { base, merged, parsed: outcome.config } } : outcome;
}

function emptyConfigParse(definition: AnyActorDefinition, empty: JsonObject): ActorConfigOutcome {
  let outcome = emptyConfigParses.get(definition);
  if (outcome === undefined) {
    outcome = parseActorConfig(definition, empty);
    emptyConfigParses.set(definition, outcome);
  }
  return outcome;
}

function isEmpty(value: JsonObject): boolean {
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
}

/**
 * The configuration of a composite node, whose actor takes it as it is (its schema is `z.unknown()`), so the
 * merged layers are their own parse.
 */
export function compositeNodeConfig(defaults: JsonObject | undefined, propertyValues: JsonObject, config: JsonObject): NodeConfig {
  const { base, merged } = mergeLayers(defaults, propertyValues, config);
  return { base, merged, parsed: merged };
}

// Each spread into a fresh literal: without network defaults, one spread each (V8 clones those fast).
function mergeLayers(defaults: JsonObject | undefined, propertyValues: JsonObject, config: JsonObject): ConfigLayers {
  const base = defaults === undefined ? { ...propertyValues } : { ...defaults, ...propertyValues };
  return { base, merged: { ...base, ...config } };
}
