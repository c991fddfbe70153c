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
  })
  .describe('The result of a finished run');
/** The result of a finished run. */
export type RunResult = z.infer<typeof RunResultSchema>;
