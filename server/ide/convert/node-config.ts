import { type JsonObject } from '../../engine';
import { type IdeNode } from './ide-graph';
import { type IdeTemplate } from './templates';

/**
 * The configuration a node's actor receives: per key, the node's property value, else the template's
 * default, else the default of the node's own property definition. A null value counts as unset, and a
 * key with neither value nor default is left out. Property values are configuration, never packets.
 */
export function nodeConfig(node: IdeNode, template: IdeTemplate | undefined): JsonObject {
  const config: JsonObject = { ...node.definitionDefaults };
  for (const [key, property] of Object.entries(template?.properties ?? {})) {
    if (property.defaultValue !== undefined) config[key] = property.defaultValue;
  }
  for (const [key, value] of Object.entries(node.propertyValues)) {
    if (value !== null) config[key] = value;
  }
  // The result is handed to actors and callers: share no arrays or objects with the template table or the request.
  return structuredClone(config);
}

/** The env var names a node needs: its own list (the IDE rewrites it per provider), else its template's. */
export function nodeEnvVars(node: IdeNode, template: IdeTemplate | undefined): readonly string[] {
  return node.requiredEnvVars ?? template?.requiredEnvVars ?? [];
}
