import { z } from 'zod';
import { type ActorConfig } from './actor-config';
import { ConfigError } from './config-error';
import { type ActorConfigInput, toActorConfig } from './config-provider';

const ConfigObjectSchema = z.record(z.unknown());

/** The parts of a graph's process that configuration is read from; other fields are left to the engine. */
export const GraphProcessConfigSchema = z
  .object({
    component: z.string().optional(),
    metadata: z
      .object({
        propertyValues: ConfigObjectSchema.optional(),
        property_values: ConfigObjectSchema.optional(),
        config: ConfigObjectSchema.optional(),
      })
      .passthrough()
      .nullish(),
  })
  .passthrough();

/** The parts of an FBP JSON graph that configuration is read from. */
export const GraphConfigSourceSchema = z
  .object({ processes: z.record(GraphProcessConfigSchema).optional() })
  .passthrough();

/** The parts of an FBP JSON graph that configuration is read from. */
export type GraphConfigSource = z.infer<typeof GraphConfigSourceSchema>;

function readGraph(graph: unknown): GraphConfigSource {
  let input = graph;
  if (typeof graph === 'string') {
    try {
      input = JSON.parse(graph);
    } catch (error) {
      throw new ConfigError('PARSE', `Graph is not valid JSON: ${(error as Error).message}`, { cause: error });
    }
  }
  const result = GraphConfigSourceSchema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue.path.join('.');
  throw new ConfigError('VALIDATION', `Graph ${where === '' ? '' : `'${where}' `}is malformed: ${issue.message}`, { key: where, actorId: issue.path[1] === undefined ? undefined : String(issue.path[1]) });
}

/**
 * Reads each process's configuration from an FBP JSON graph (object or text): its
 * `metadata.propertyValues` (or `property_values`), then `metadata.config` winning per key, over
 * `defaults` when given. Throws `PARSE` or `VALIDATION` naming the process for a malformed graph.
 *
 * @example
 * configsFromGraph({ processes: { split: { component: 'tpl_split', metadata: { config: { sep: ',' } } } } })
 *   .get('split')?.getString('sep'); // ','
 */
export function configsFromGraph(graph: unknown, defaults: ActorConfigInput = {}): Map<string, ActorConfig> {
  const base = toActorConfig(defaults);
  const configs = new Map<string, ActorConfig>();
  for (const [nodeId, process] of Object.entries(readGraph(graph).processes ?? {})) {
    const metadata = process.metadata ?? {};
    const properties = metadata.propertyValues ?? metadata.property_values ?? {};
    try {
      configs.set(nodeId, base.mergeWith(properties).mergeWith(metadata.config ?? {}));
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      throw new ConfigError(error.code, `Configuration of process '${nodeId}': ${error.message}`, { actorId: nodeId, key: error.key, cause: error });
    }
  }
  return configs;
}
