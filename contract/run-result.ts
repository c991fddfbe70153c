import { z } from './openapi-zod';

/** The `result` of an execution once its run has ended. */
export const RunResultSchema = z
  .object({
    success: z.boolean(),
    execution_id: z.string(),
    workflow_id: z.string(),
    start_time: z.string().openapi({ description: 'ISO 8601', example: '2026-11-22T10:00:00.000Z' }),
    end_time: z.string().openapi({ description: 'ISO 8601', example: '2026-11-22T10:00:00.120Z' }),
    duration_ms: z.number(),
    outputs: z.record(z.unknown()).openapi({ description: 'Exported outport name (or `<nodeId>.<portId>`) to the last packet that reached it' }),
    errors: z.array(z.object({ node_id: z.string().optional(), message: z.string() })),
    nodes_executed: z.number().int(),
    nodes_failed: z.number().int(),
  })
  .openapi('RunResult');
/** The result of a finished run. */
export type RunResult = z.infer<typeof RunResultSchema>;
