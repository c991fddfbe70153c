import { z } from 'zod';
import { ConvertedGraphSchema } from './converted-graph';

/** Counts and identity of the workflow a conversion came from. */
const ConversionMetadataSchema = z.object({
  source_workflow_id: z.string(),
  source_workflow_name: z.string(),
  /** Nodes of every graph of the workflow. */
  node_count: z.number().int().nonnegative(),
  /** Connections of every graph of the workflow. */
  connection_count: z.number().int().nonnegative(),
});

/**
 * The result of converting an IDE workflow, as `POST /ide/convert` answers it: the engine graph, each
 * template id it uses (first use first), those with no actor in the catalogue, and the env var names its
 * nodes declare.
 */
export const IdeConversionSchema = z.object({
  engine_graph: ConvertedGraphSchema,
  required_actors: z.array(z.string()),
  unsupported_actors: z.array(z.string()),
  required_env_vars: z.array(z.string()),
  conversion_metadata: ConversionMetadataSchema,
});

/** The result of converting an IDE workflow. */
export type IdeConversion = z.infer<typeof IdeConversionSchema>;
