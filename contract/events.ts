import { z } from './openapi-zod';
import { RunResultSchema } from './run-result';

const base = {
  seq: z.number().int().positive().openapi({ description: 'Position in the execution event log, from 1, without gaps' }),
  timestamp: z.number().int().openapi({ description: 'Epoch milliseconds' }),
};

const actor = { actorId: z.string(), component: z.string() };

/** One event of an execution's log. */
export const ExecutionEventSchema = z
  .discriminatedUnion('_type', [
    z.object({ _type: z.literal('NetworkStarted'), ...base, executionId: z.string(), workflowId: z.string() }),
    z.object({ _type: z.literal('ActorStarted'), ...base, ...actor }),
    z.object({
      _type: z.literal('MessageSent'),
      ...base,
      fromActor: z.string(),
      fromPort: z.string(),
      toActor: z.string(),
      toPort: z.string(),
      message: z.unknown(),
      truncated: z.literal(true).optional(),
    }),
    z.object({ _type: z.literal('ActorCompleted'), ...base, ...actor, durationMs: z.number() }),
    z.object({ _type: z.literal('ActorFailed'), ...base, ...actor, error: z.string() }),
    z.object({ _type: z.literal('NetworkIdle'), ...base }),
    z.object({ _type: z.literal('Completed'), ...base, result: RunResultSchema }),
    z.object({ _type: z.literal('Failed'), ...base, error: z.string(), result: RunResultSchema }),
    z.object({ _type: z.literal('Cancelled'), ...base, result: RunResultSchema }),
  ])
  .openapi('ExecutionEvent');
/** One event of an execution's log. */
export type ExecutionEvent = z.infer<typeof ExecutionEventSchema>;
