import { type AnyActorDefinition } from '../sdk/actor-definition';
import { errorMessage } from '../sdk/actor-error';
import { type ConfigLayers, type NodeConfig } from '../graph/node-config';
import { type NetworkOptions } from './network-options';
import { parseActorConfig } from '../sdk/parse-actor-config';

/** A node's configuration taken: the layers to keep, with their parse when it is theirs, and what the actor gets; or every problem. */
export type ConfiguredNode = { ok: true; layers: ConfigLayers | NodeConfig; config: unknown } | { ok: false; problems: string[] };

/**
 * Takes configuration layers for a node: their `${secret:NAME}` references resolved, then parsed by the actor's
 * schema, unless resolving changed nothing and the layers hold their parse already.
 */
export function configureNode(
  layers: ConfigLayers | NodeConfig,
  definition: AnyActorDefinition,
  nodeId: string,
  resolveConfig: NetworkOptions['resolveConfig'],
): ConfiguredNode {
  let resolved = layers.merged;
  if (resolveConfig !== undefined) {
    try {
      resolved = resolveConfig(resolved, nodeId);
    } catch (error) {
      return { ok: false, problems: [errorMessage(error)] };
    }
  }
  const unresolved = resolved === layers.merged;
  if (unresolved && 'parsed' in layers) return { ok: true, layers, config: layers.parsed };
  const outcome = parseActorConfig(definition, resolved);
  if (!outcome.ok) return { ok: false, problems: outcome.problems.map((problem) => problem.message) };
  // The parse of the layers themselves stays with them, so that the run's start does not parse them again.
  return { ok: true, layers: unresolved ? { ...layers, parsed: outcome.config } : layers, config: outcome.config };
}
