import { z } from 'zod';

/** Every kind of problem `parseGraph` and `validateGraph` report: a closed set, stable for clients. */
const GraphIssueCodeSchema = z.enum([
  'MALFORMED',
  'DUPLICATE_NODE',
  'UNKNOWN_COMPONENT',
  'UNKNOWN_NODE',
  'UNKNOWN_PORT',
  'PORT_INDEX',
  'WRONG_PORT_DIRECTION',
  'INVALID_CONFIG',
  'UNKNOWN_INPUT',
  'UNFED_REQUIRED_PORT',
  'SUBGRAPH_CYCLE',
  'SUBGRAPH_TOO_DEEP',
]);

/** One problem of a submitted graph: where it is (`connections[2].to.portId`, or a line and column of .fbp text) and a message naming the culprit. */
export const GraphIssueSchema = z
  .object({
    code: GraphIssueCodeSchema,
    path: z.string().describe('Where the problem is in the submitted graph, such as `connections[2].to.portId`'),
    message: z.string(),
    nodeId: z.string().optional(),
    portId: z.string().optional(),
    component: z.string().optional().describe('The component the catalogue lacks, for UNKNOWN_COMPONENT'),
    line: z.number().int().optional().describe('The line of the .fbp text, for a syntax error'),
    column: z.number().int().optional().describe('The column of the .fbp text, for a syntax error'),
  })
  .describe('One problem of a submitted graph');

/** One problem of a submitted graph. */
export type GraphIssue = z.infer<typeof GraphIssueSchema>;
