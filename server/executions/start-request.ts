import { type JsonValue, type StartRequest } from '../../model';

/** Where a start request came from, used when its metadata names no source. */
export interface StartDefaults {
  /** @example 'http_api' */
  source: string;
}

/** The workflow id of a request: the metadata's, else the graph's `properties.name`, else `workflow`. */
export function workflowIdOf(request: StartRequest): string {
  if (request.metadata.workflow_id) return request.metadata.workflow_id;
  const properties = request.graph_json.properties;
  if (properties && typeof properties === 'object' && !Array.isArray(properties)) {
    const name = properties.name ?? properties.id;
    if (typeof name === 'string' && name.length > 0) return name;
  }
  return 'workflow';
}

/** The part of a request that identifies it for idempotent retries (the transport it came by does not count). */
export function identifyingPart(request: StartRequest): JsonValue {
  const { source: _source, ...metadata } = request.metadata;
  return { graph_json: request.graph_json, input: request.input, metadata } as JsonValue;
}
