import { GraphProcessJsonSchema, GraphJsonSchema as ModelGraphJsonSchema } from '../model';
import { MULTIPLY_GRAPH } from './example-workflows';
import './openapi-zod';

/** A node of the graph, named for the OpenAPI document. */
export const ProcessSchema = GraphProcessJsonSchema.openapi('Process');

// The model checks `processes` in whichever of its two forms it has; the document spells both forms out.
const processes = ModelGraphJsonSchema.shape.processes.openapi({
  oneOf: [
    { type: 'object', additionalProperties: { $ref: '#/components/schemas/Process' }, description: 'Nodes keyed by node id' },
    {
      type: 'array',
      items: { allOf: [{ $ref: '#/components/schemas/Process' }, { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1 } } }] },
      description: 'Nodes that each carry an `id`',
    },
  ],
});

/** A flow-based-programming graph in the FBP JSON format: the model's schema, documented. */
export const GraphJsonSchema = ModelGraphJsonSchema.extend({ processes }).openapi('GraphJson', { example: MULTIPLY_GRAPH });
