import { initContract } from '@ts-rest/core';
import { GraphIssueSchema, StartWorkflowRequestSchema as ModelStartWorkflowRequestSchema, requireOneGraph } from '../model';
import { successEnvelope } from './envelope';
import { errorResponses } from './error-responses';
import { GraphJsonSchema } from './graph';
import { z } from './openapi-zod';
import { StartWorkflowRequestSchema } from './workflows';

/** One problem of a submitted graph, named for the OpenAPI document. */
const GraphIssueDocSchema = GraphIssueSchema.openapi('GraphIssue');

/**
 * The body of `POST /graphs/validate`: a start request's graph and its input, checked as a start would check them
 * (no input is an empty one, so a required port that only an exported inport feeds is named as a missing input).
 */
const ValidateGraphRequestSchema = ModelStartWorkflowRequestSchema.pick({ input: true })
  .extend({ graph_json: GraphJsonSchema.optional(), graph_fbp: StartWorkflowRequestSchema.innerType().shape.graph_fbp })
  .superRefine(requireOneGraph)
  .openapi('ValidateGraphRequest');

/** What validating a graph found. */
const GraphValidationSchema = z
  .object({
    valid: z.boolean().openapi({ description: 'Whether a start request with this graph and input would be accepted' }),
    graph: z.record(z.unknown()).nullable().openapi({
      description: 'The graph in canonical FBP JSON (processes keyed by id, ports as {nodeId, portId}, initial packets as {data, to}); port ids as the actors declare them when valid; null when the graph could not be read',
    }),
    issues: z.array(GraphIssueDocSchema).openapi({ description: 'The issues a start would give (at most 100)' }),
    issue_count: z.number().int().openapi({ description: 'How many issues there are in all' }),
  })
  .openapi('GraphValidation');

const c = initContract();

/** The routes of the graphs resource. */
export const graphsContract = c.router({
  validateGraph: {
    method: 'POST',
    path: '/graphs/validate',
    summary: 'Check a graph without running it',
    description:
      'Reads `graph_json` or `graph_fbp` and checks it against the catalogue and `input` (none is an empty one) exactly as a start would, and answers the normalised graph with every issue. Nothing runs and nothing is stored; an invalid graph is a 200 with `valid: false`.',
    body: ValidateGraphRequestSchema,
    responses: { 200: successEnvelope(GraphValidationSchema), ...errorResponses(400, 413) },
  },
}, { strictStatusCodes: true });
