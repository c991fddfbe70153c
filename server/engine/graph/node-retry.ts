import { type GraphIssue } from './graph-issue';
import { type GraphNode } from './graph';
import { type RetryPolicy, RetryPolicySchema, joinPath } from '../../../model';
import { nodeLabel } from './node-label';

/**
 * The retry policy a node declares in `metadata.retry`, its defaults applied: undefined when it declares none,
 * false after an issue for each problem of a policy that does not parse.
 */
export function nodeRetry(node: GraphNode, qualifiedId: string, issues: GraphIssue[]): RetryPolicy | undefined | false {
  const declared = node.metadata.retry;
  if (declared === undefined) return undefined;
  const parsed = RetryPolicySchema.safeParse(declared);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    const path = joinPath(`${node.path}.metadata.retry`, ...issue.path);
    issues.push({
      code: 'MALFORMED',
      path,
      nodeId: qualifiedId,
      message: `Node '${nodeLabel(qualifiedId, node.metadata)}': ${path.slice(node.path.length + 1)}: ${issue.message}`,
    });
  }
  return false;
}
