import { z } from 'zod';

/** Every kind of problem `parseGraph` and `validateGraph` report: a closed set, stable for clients. */
export const GraphIssueCodeSchema = z.enum([
  'MALFORMED',
  'DUPLICATE_NODE',
  'UNKNOWN_COMPONENT',
  'UNKNOWN_NODE',
  'UNKNOWN_PORT',
  'WRONG_PORT_DIRECTION',
  'INVALID_CONFIG',
  'UNKNOWN_INPUT',
  'UNFED_REQUIRED_PORT',
  'SUBGRAPH_CYCLE',
  'SUBGRAPH_TOO_DEEP',
]);

/** A problem code, such as `UNKNOWN_PORT`. */
export type GraphIssueCode = z.infer<typeof GraphIssueCodeSchema>;

/** The problem codes by name, for comparisons without string literals. */
export const GraphIssueCodes = GraphIssueCodeSchema.enum;

/** One problem of a submitted graph: where it is (`connections[2].to.portId`) and a message naming the culprit. */
export const GraphIssueSchema = z.object({
  code: GraphIssueCodeSchema,
  path: z.string(),
  message: z.string(),
  nodeId: z.string().optional(),
  portId: z.string().optional(),
});

/** One problem of a submitted graph. */
export type GraphIssue = z.infer<typeof GraphIssueSchema>;

/** Renders a path given as segments the way issues show it: `connections[2].to.portId`. */
export function formatIssuePath(base: string, segments: readonly (string | number)[]): string {
  let path = base;
  for (const segment of segments) {
    if (typeof segment === 'number') path += `[${segment}]`;
    else path += path === '' ? segment : `.${segment}`;
  }
  return path;
}
