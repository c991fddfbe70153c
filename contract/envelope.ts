import { ErrorCodeSchema as ModelErrorCodeSchema } from '../model';
import { z } from './openapi-zod';

/** Stable machine-readable error codes carried by every error envelope: the model's error table, published. */
export const ErrorCodeSchema = ModelErrorCodeSchema.openapi('ErrorCode');

/** One offending place of a request: a dotted path into it and what is wrong there. */
export const IssueSchema = z
  .object({
    path: z.string().openapi({ example: 'graph_json.connections[0].to.portId' }),
    message: z.string().openapi({ example: "Port 'out' not found on node 'split'" }),
  })
  .openapi('Issue');

const timestamp = z.number().int().openapi({ description: 'Time of the response in epoch milliseconds', example: 1732262400000 });

/** The envelope of every failed HTTP response (and of WebSocket failure replies' fields). */
export const ErrorEnvelopeSchema = z
  .object({
    success: z.literal(false),
    error: z.string().openapi({ description: 'Human-readable description naming what was wrong' }),
    code: ErrorCodeSchema,
    details: z.array(IssueSchema).optional().openapi({ description: 'Each offending path, for validation failures' }),
    timestamp,
  })
  .openapi('ErrorEnvelope');
/** A failed HTTP response body. */
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/** Wraps a payload schema in the success envelope `{ success: true, data, timestamp }`. */
export function successEnvelope<T extends z.ZodTypeAny>(data: T) {
  return z.object({ success: z.literal(true), data, timestamp });
}
