import { type z } from 'zod';
import { type StartWorkflowRequestSchema } from '../../contract';
import { type JsonObject } from '../engine';
import { type StartMetadata, type StartRequest } from '../executions';

/** Adapts a contract-parsed start request (its values came from JSON) to the execution service's request. */
export function startRequestOf(body: z.output<typeof StartWorkflowRequestSchema>): StartRequest {
  return {
    graph_json: body.graph_json as JsonObject,
    input: body.input as JsonObject,
    metadata: body.metadata as StartMetadata,
  };
}
