import { MAX_JSON_DEPTH } from '../../model';
import { AppError } from '../errors';
import { ALLOWED, type GuardVerdict, refusal } from './verdict';

/** The largest graph a request may carry. */
export interface GraphSizeLimits {
  maxNodes: number;
  maxConnections: number;
}

/**
 * Checks a parsed body or frame in one walk, without recursion and before any schema runs: it may nest no
 * deeper than {@link MAX_JSON_DEPTH} levels, and whatever graphs it holds (engine or NoFlo JSON with their
 * subgraphs, or an IDE workflow with its graphs) no more nodes and connections than `limits`. Refused with
 * VALIDATION_FAILED naming what it is (`Request body`, `Frame`) or the limit; too deep is told first, so the
 * walk stops there, while a graph found too large is told once the walk has shown the depth is fine.
 * `detailPath`, when given, names the place in a depth refusal's details.
 */
export function checkJsonShape(json: unknown, subject: string, limits: GraphSizeLimits, detailPath?: string): GuardVerdict {
  let nodes = 0;
  let connections = 0;
  let tooLarge: GuardVerdict = ALLOWED;
  const stack: [unknown, number][] = [[json, 1]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop() as [unknown, number];
    if (value === null || typeof value !== 'object') continue;
    if (depth > MAX_JSON_DEPTH) return tooDeep(subject, detailPath);
    if (Array.isArray(value)) {
      for (const child of value) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
      continue;
    }
    for (const [key, child] of Object.entries(value)) {
      if (child === null || typeof child !== 'object') continue;
      if (key === 'processes' || key === 'nodes') nodes += Array.isArray(child) ? child.length : Object.keys(child).length;
      if (key === 'connections' && Array.isArray(child)) connections += child.length;
      stack.push([child, depth + 1]);
    }
    if (tooLarge.ok) tooLarge = graphSizeVerdict(nodes, connections, limits);
  }
  return tooLarge;
}

function graphSizeVerdict(nodes: number, connections: number, limits: GraphSizeLimits): GuardVerdict {
  if (nodes > limits.maxNodes) return refusal(new AppError('VALIDATION_FAILED', `The graph has more than ${limits.maxNodes} nodes (max_graph_nodes)`));
  if (connections > limits.maxConnections)
    return refusal(new AppError('VALIDATION_FAILED', `The graph has more than ${limits.maxConnections} connections (max_graph_connections)`));
  return ALLOWED;
}

function tooDeep(subject: string, detailPath: string | undefined): GuardVerdict {
  const message = `nests deeper than ${MAX_JSON_DEPTH} levels`;
  return refusal(
    new AppError('VALIDATION_FAILED', `${subject} ${message}`, detailPath === undefined ? undefined : { details: [{ path: detailPath, message }] }),
  );
}

/** Refuses a body whose declared length is over `limit` bytes, before a byte of it is read. */
export function checkDeclaredLength(length: number, limit: number): GuardVerdict {
  return length > limit ? refusal(new AppError('PAYLOAD_TOO_LARGE', `Request body is larger than the limit of ${limit} bytes`)) : ALLOWED;
}
