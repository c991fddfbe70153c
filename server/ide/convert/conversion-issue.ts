import { z, type ZodIssue } from 'zod';
import { joinPath } from '../../../model';

/** One problem of a submitted IDE workflow: where it is (`graphs[0].nodes[3].metadata.templateId`) and what is wrong. */
export const ConversionIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
});

/** One problem of a submitted IDE workflow. */
export type ConversionIssue = z.infer<typeof ConversionIssueSchema>;

/** Turns the issues of a failed zod parse of the value at `base` into conversion issues, their paths passed through `rename`. */
export function zodConversionIssues(base: string, issues: readonly ZodIssue[], rename: (path: string) => string = (path) => path): ConversionIssue[] {
  return issues.map((issue) => {
    const path = rename(joinPath(base, ...issue.path));
    const where = path === '' ? 'The workflow' : `'${path}'`;
    const missing = issue.code === 'invalid_type' && issue.received === 'undefined';
    return { path, message: missing ? `${where} is required` : `${where}: ${issue.message}` };
  });
}
