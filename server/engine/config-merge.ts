import { type JsonObject } from '../../model';

/**
 * Merges a node's configuration layers, each later one winning per key: the network's default actor
 * configuration, then `metadata.propertyValues`, then `metadata.config`.
 */
export function mergeConfig(defaults: JsonObject | undefined, propertyValues: JsonObject, config: JsonObject): JsonObject {
  return { ...defaults, ...propertyValues, ...config };
}
