import { MAX_JSON_DEPTH, jsonDepthExceeds } from '../../model';
import { AppError } from '../errors';
import { ALLOWED, type GuardVerdict, refusal } from './verdict';

/** The largest graph a request may carry. */
export interface GraphSizeLimits {
  maxNodes: number;
  maxConnections: number;
}

/**
 * Counts the nodes and connections of whatever graphs a parsed body holds (engine or NoFlo JSON with their
 * subgraphs, or an IDE workflow with its graphs) without recursion and before any schema runs, so that an
 * oversized graph costs a walk of its JSON and nothing more. Refused with VALIDATION_FAILED naming the limit.
 */
export function checkGraphSize(body: unknown, limits: GraphSizeLimits): GuardVerdict {
  let nodes = 0;
  let connections = 0;
  const stack: unknown[] = [body];
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === null || typeof value !== 'object') continue;
    const entries = Array.isArray(value) ? value.map((item, i) => [String(i), item] as const) : Object.entries(value);
    for (const [key, child] of entries) {
      if (!Array.isArray(value) && (key === 'processes' || key === 'nodes') && child !== null && typeof child === 'object') {
        nodes += Array.isArray(child) ? child.length : Object.keys(child).length;
      }
      if (!Array.isArray(value) && key === 'connections' && Array.isArray(child)) connections += child.length;
      if (child !== null && typeof child === 'object') stack.push(child);
    }
    if (nodes > limits.maxNodes) return refusal(new AppError('VALIDATION_FAILED', `The graph has more than ${limits.maxNodes} nodes (max_graph_nodes)`));
    if (connections > limits.maxConnections) return refusal(new AppError('VALIDATION_FAILED', `The graph has more than ${limits.maxConnections} connections (max_graph_connections)`));
  }
  return ALLOWED;
}

/**
 * Refuses parsed JSON that nests deeper than {@link MAX_JSON_DEPTH} levels, naming what it is (`Request body`,
 * `Frame`); `detailPath`, when given, names the place in the refusal's details.
 */
export function checkJsonDepth(json: unknown, subject: string, detailPath?: string): GuardVerdict {
  if (!jsonDepthExceeds(json)) return ALLOWED;
  const message = `nests deeper than ${MAX_JSON_DEPTH} levels`;
  return refusal(new AppError('VALIDATION_FAILED', `${subject} ${message}`, detailPath === undefined ? undefined : { details: [{ path: detailPath, message }] }));
}

/** Refuses a body whose declared length is over `limit` bytes, before a byte of it is read. */
export function checkDeclaredLength(length: number, limit: number): GuardVerdict {
  return length > limit ? refusal(new AppError('PAYLOAD_TOO_LARGE', `Request body is larger than the limit of ${limit} bytes`)) : ALLOWED;
}
