import { z } from 'zod';

/** What a trace event says happened at a node: it received, produced or failed on data, or logged. */
const TraceEventTypeSchema = z.enum(['input', 'output', 'error', 'log']);

/** One event of the IDE's trace collector (its `TraceEvent`), with `timestamp` in epoch milliseconds. */
export const TraceEventSchema = z.object({
  timestamp: z.number(),
  nodeId: z.string(),
  portId: z.string().optional(),
  eventType: TraceEventTypeSchema,
  data: z.object({
    /** Bytes of the payload's JSON text. */
    size: z.number().int().min(0),
    /** `lifecycle`, `error`, or the JSON type of the payload (`object`, `array`, `string`, ...). */
    type: z.string(),
    preview: z.unknown().optional(),
    fullData: z.unknown().optional(),
  }),
  duration: z.number().optional(),
  metadata: z.object({ cpuUsage: z.number().optional(), memoryUsage: z.number().optional(), custom: z.record(z.unknown()).optional() }).optional(),
  error: z.object({ message: z.string(), stack: z.string().optional(), code: z.string().optional() }).optional(),
});

/** One event of the IDE's trace collector. */
export type TraceEvent = z.infer<typeof TraceEventSchema>;

/** The body of `POST /api/zip/traces/sessions`: opens the trace session of one execution. */
export const TraceSessionRequestSchema = z.object({
  workflowId: z.string(),
  workflowVersionId: z.string().optional(),
  executionId: z.string(),
  metadata: z.object({ trigger: z.string(), environment: z.string().optional(), tags: z.array(z.string()).optional() }),
});

/** The body of `POST /api/zip/traces/sessions`. */
export type TraceSessionRequest = z.infer<typeof TraceSessionRequestSchema>;

/** The IDE's answer to opening a trace session; only `sessionId` is needed. */
export const TraceSessionAnswerSchema = z.object({ sessionId: z.string().min(1), startTime: z.union([z.string(), z.number()]).optional() });

/** The body of `POST /api/zip/traces/{sessionId}/complete`: how the execution ended, in the IDE's words. */
export const TraceCompletionSchema = z.object({
  status: z.enum(['success', 'error', 'cancelled']),
  summary: z.object({
    totalNodes: z.number().int().min(0),
    successfulNodes: z.number().int().min(0),
    failedNodes: z.number().int().min(0),
    /** Milliseconds. */
    totalDuration: z.number().min(0),
    /** Bytes of the packets sent between nodes. */
    totalDataProcessed: z.number().int().min(0),
  }),
  error: z.object({ message: z.string(), nodeId: z.string().optional(), stack: z.string().optional() }).optional(),
});

/** The body of `POST /api/zip/traces/{sessionId}/complete`. */
export type TraceCompletion = z.infer<typeof TraceCompletionSchema>;
