import { AppError } from '../errors';

/** The largest graph a request may carry. */
export interface GraphSizeLimits {
  maxNodes: number;
  maxConnections: number;
}

/**
 * Counts the nodes and connections of whatever graphs a request body holds (engine or NoFlo JSON with
 * their subgraphs, or an IDE workflow with its graphs) without recursion and before any schema runs, so
 * that an oversized graph costs a walk of its JSON and nothing more.
 * @throws AppError VALIDATION_FAILED naming the limit a graph passes.
 */
export function checkGraphSize(body: unknown, limits: GraphSizeLimits): void {
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
    if (nodes > limits.maxNodes) throw new AppError('VALIDATION_FAILED', `The graph has more than ${limits.maxNodes} nodes (max_graph_nodes)`);
    if (connections > limits.maxConnections) throw new AppError('VALIDATION_FAILED', `The graph has more than ${limits.maxConnections} connections (max_graph_connections)`);
  }
}
