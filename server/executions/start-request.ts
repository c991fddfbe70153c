import { type GraphJson, type StartRequest } from '../../model';

/** A start request as stored with its execution: the graph always in FBP JSON (.fbp text read into it, and kept). */
export type StoredRequest = StartRequest & { graph_json: GraphJson };

/** Where a start request came from, used when its metadata names no source. */
export interface StartDefaults {
  /** @example 'http_api' */
  source: string;
  /**
   * Runs the execution on this node rather than on whichever node of a cluster takes it: a hook's run, whose
   * answer goes to the request this node holds.
   */
  here?: boolean;
  /** The deployment that starts it: set by the service only, never read from the request's metadata. */
  deploymentId?: string;
  /** The tenant the execution belongs to: the caller's, or its deployment's. */
  tenant?: string;
}

/** The workflow id of a request: the metadata's, else the graph's `properties.name`, else `workflow`. */
export function workflowIdOf(request: StoredRequest): string {
  if (request.metadata.workflow_id) return request.metadata.workflow_id;
  const properties = request.graph_json.properties;
  if (properties && typeof properties === 'object' && !Array.isArray(properties)) {
    const name = properties.name ?? properties.id;
    if (typeof name === 'string' && name.length > 0) return name;
  }
  return 'workflow';
}
