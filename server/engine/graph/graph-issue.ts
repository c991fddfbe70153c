export { type GraphIssue, type GraphIssueCode, GraphIssueCodeSchema, GraphIssueCodes, GraphIssueSchema } from '../../../model';

/** Renders a path given as segments the way issues show it: `connections[2].to.portId`. */
export function formatIssuePath(base: string, segments: readonly (string | number)[]): string {
  let path = base;
  for (const segment of segments) {
    if (typeof segment === 'number') path += `[${segment}]`;
    else path += path === '' ? segment : `.${segment}`;
  }
  return path;
}
