import { z } from 'zod';

const execution = { workflowId: z.string(), executionId: z.string(), timestamp: z.number() };
const failure = z.object({ message: z.string(), nodeId: z.string().optional(), code: z.string().optional() });

/**
 * What the engine sends the IDE over the session object's socket. `engine.hello` comes first on every
 * connection; a cancelled run ends with `execution.failed` carrying `cancelled: true` and error code
 * `CANCELLED`, so an IDE that knows only the six execution and node types still sees the run end.
 */
export const LiveMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('engine.hello'), namespace: z.string(), nodeId: z.string(), timestamp: z.number() }),
  z.object({ type: z.literal('pong'), timestamp: z.number() }),
  z.object({ type: z.literal('execution.started'), ...execution, trigger: z.string() }),
  z.object({ type: z.literal('node.executing'), ...execution, nodeId: z.string(), component: z.string() }),
  z.object({ type: z.literal('node.completed'), ...execution, nodeId: z.string(), duration: z.number(), outputSize: z.number().int().min(0) }),
  z.object({ type: z.literal('node.failed'), ...execution, nodeId: z.string(), error: failure }),
  z.object({
    type: z.literal('execution.completed'),
    ...execution,
    duration: z.number(),
    nodesExecuted: z.number().int().min(0),
    summary: z.object({ successCount: z.number().int().min(0), errorCount: z.number().int().min(0) }),
  }),
  z.object({ type: z.literal('execution.failed'), ...execution, duration: z.number(), error: failure, cancelled: z.boolean() }),
]);

/** A message of the session object. */
export type LiveMessage = z.infer<typeof LiveMessageSchema>;
