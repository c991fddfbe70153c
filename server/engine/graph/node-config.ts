import { type JsonObject, type JsonValue } from '../../../model';
import { fingerprintedCopy, sameJson } from './json-fingerprint';
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

/** The configuration an actor parsed with success last (a copy of it, so no caller can change it) and the parse. */
interface LastParse {
  config: JsonValue;
  outcome: ActorConfigOutcome;
}

/**
 * Each actor's last parse of a configuration that set a key: a node is often configured as it was in the graph
 * validated before (the same workflow under a new name, a graph edited elsewhere), and the schema's parse is most
 * of what validating its node costs. Shared read-only, as the empty configurations' parses are.
 */
const lastParses = new WeakMap<AnyActorDefinition, LastParse>();

/** Configurations holding more characters of strings and keys than this are parsed every time, never remembered. */
const MAX_REMEMBERED_CONFIG_CHARS = 16 * 1024;

/** Merges a node's layers and parses them with its actor's schema; each problem names its key. */
export function settleNodeConfig(definition: AnyActorDefinition, defaults: JsonObject | undefined, propertyValues: JsonObject, config: JsonObject): SettleNodeConfigOutcome {
  if (defaults === undefined && isEmpty(propertyValues) && isEmpty(config)) return unconfiguredNode(definition);
  const { base, merged } = mergeLayers(defaults, propertyValues, config);
  const outcome = isEmpty(merged) ? emptyConfigParse(definition, merged) : configParse(definition, merged);
  return outcome.ok ? { ok: true, config: { base, merged, parsed: outcome.config } } : outcome;
}

/**
 * Each actor's settled configuration of a node that sets no key, in a network without default configuration:
 * the layers and their parse are the same for all such nodes, so they are made once and shared read-only.
 */
const unconfiguredNodes = new WeakMap<AnyActorDefinition, SettleNodeConfigOutcome>();

function unconfiguredNode(definition: AnyActorDefinition): SettleNodeConfigOutcome {
  let outcome = unconfiguredNodes.get(definition);
  if (outcome === undefined) {
    const merged = {};
    const parse = emptyConfigParse(definition, merged);
    outcome = parse.ok ? { ok: true, config: { base: {}, merged, parsed: parse.config } } : parse;
    unconfiguredNodes.set(definition, outcome);
  }
  return outcome;
}

function emptyConfigParse(definition: AnyActorDefinition, empty: JsonObject): ActorConfigOutcome {
  let outcome = emptyConfigParses.get(definition);
  if (outcome === undefined) {
    outcome = parseActorConfig(definition, empty);
    emptyConfigParses.set(definition, outcome);
  }
  return outcome;
}

function configParse(definition: AnyActorDefinition, merged: JsonObject): ActorConfigOutcome {
  const last = lastParses.get(definition);
  if (last !== undefined && sameJson(merged, last.config)) return last.outcome;
  const content = fingerprintedCopy(merged, MAX_REMEMBERED_CONFIG_CHARS);
  if (content === undefined) return parseActorConfig(definition, merged);
  // The copy is parsed, so that what the parse shares with its input (values a schema passes as they are) is the copy's.
  const outcome = parseActorConfig(definition, content.copy);
  if (!outcome.ok) return outcome;
  if (last === undefined) lastParses.set(definition, { config: content.copy, outcome });
  else {
    last.config = content.copy;
    last.outcome = outcome;
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
