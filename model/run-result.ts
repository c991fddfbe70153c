import { z } from 'zod';
import { JsonObjectSchema } from './json-value';

/** How a run ended. */
export type RunStatus = 'completed' | 'failed' | 'cancelled';

/** One error of a run: which node (when a node caused it) and what went wrong. */
const RunErrorSchema = z.object({
  node_id: z.string().optional().describe('The node that caused the error, when one did'),
  message: z.string(),
});
/** One error of a run. */
export type RunError = z.infer<typeof RunErrorSchema>;

/**
 * What people call a run's parts, beside the ids machines use: the workflow's name, node titles and readable
 * labels of output keys. Only what has a name is listed; the ids stay the keys everywhere else.
 */
const RunNamesSchema = z
  .object({
    workflow_name: z.string().optional().describe("The workflow's name (an IDE workflow's name, else the graph's `properties.name`)"),
    nodes: z
      .record(z.string())
      .describe("Node id (`<composite id>/<inner id>` inside a composite node) to its title (the IDE's node title, a NoFlo graph's `metadata.label`)"),
    outputs: z
      .record(z.string())
      .describe("Output key of `outputs` made of a titled node's id (`<nodeId>.<portId>`) to a readable label (`<title>: <portId>`)"),
  })
  .describe("The workflow's name, its nodes' titles and readable labels of its output keys");
/** What people call a run's parts. */
export type RunNames = z.infer<typeof RunNamesSchema>;

/**
 * The `result` of an execution once its run has ended. Field names are snake_case because this object is the
 * public `result` of `GET /workflows/{execution_id}`.
 */
export const RunResultSchema = z
  .object({
    success: z.boolean().describe('True when the run completed'),
    execution_id: z.string(),
    workflow_id: z.string(),
    start_time: z.string().describe('ISO 8601'),
    end_time: z.string().describe('ISO 8601'),
    duration_ms: z.number(),
    outputs: JsonObjectSchema.describe(
      'Exported outport name (or `<nodeId>.<portId>` of an unconnected output) to the last packet that reached it, or to the array of every packet sent to it for an output the request collects "all" of',
    ),
    errors: z.array(RunErrorSchema),
    nodes_executed: z.number().int().describe('Nodes that fired at least once'),
    nodes_failed: z.number().int().describe('Nodes with at least one failed firing'),
    names: RunNamesSchema.optional().describe('Titles for people; absent from results of runs that never started and of older runs'),
  })
  .describe('The result of a finished run');
/** The result of a finished run. */
export type RunResult = z.infer<typeof RunResultSchema>;
