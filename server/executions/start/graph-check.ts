import { type Graph, type GraphCompiler, type GraphComponents, type GraphIssue, type ValidGraph, readFbpText } from '../../engine';
import { AppError, MAX_ERROR_DETAILS, validationFailure } from '../../errors';
import { type GraphJson, type StartRequest } from '../../../model';

/** What checking a request's graph found: the graph as read (when it could be read) and every issue. */
export interface GraphCheck {
  /** The request field that held the graph. */
  readonly source: 'graph_json' | 'graph_fbp';
  /** The graph as submitted, in FBP JSON (.fbp text read into it, graph components expanded); absent when the text could not be read. */
  readonly graphJson?: GraphJson;
  /** The graph as read, ports as submitted; absent when its shape is wrong. */
  readonly read?: Graph;
  /** The validated graph, ready to run; absent when there are issues. */
  readonly graph?: ValidGraph;
  readonly issues: readonly GraphIssue[];
}

/**
 * Reads the graph of a request (`graph_json`, or `graph_fbp` through the .fbp parser) and checks it against
 * the catalogue and the request's input: the same issues whether the graph is started or only validated. A graph
 * started again is not read and validated again (see `GraphCompiler`). Processes naming one of `components` of
 * `tenant` (the run's) run the graph it stands for, as a subgraph node.
 */
export function checkGraph(request: StartRequest, compiler: GraphCompiler, components?: GraphComponents, tenant?: string): GraphCheck {
  const source = request.graph_fbp !== undefined && request.graph_json === undefined ? 'graph_fbp' : 'graph_json';
  let graphJson = request.graph_json;
  if (source === 'graph_fbp') {
    const read = readFbpText(request.graph_fbp ?? '');
    if (!read.ok) {
      const { message, line, column } = read.problem;
      return { source, issues: [{ code: 'MALFORMED', path: '', message, line, column }] };
    }
    graphJson = read.graph;
  }
  if (graphJson === undefined) return { source, issues: [{ code: 'MALFORMED', path: '', message: 'Give the graph as graph_json or as graph_fbp' }] };
  if (components !== undefined) graphJson = components.expand(graphJson, tenant);
  // Both sources are schema-checked already: the transport parsed graph_json, readFbpText its own output.
  return { source, graphJson, ...compiler.compileChecked(graphJson, request.input) };
}

/**
 * The VALIDATION_FAILED error of a graph with issues: each issue a detail under the request field that held
 * the graph; when components are missing from the catalogue, the message lists them all.
 */
export function graphError(check: GraphCheck): AppError {
  const details = check.issues.map((issue) => ({
    path: issue.path.startsWith('input') ? issue.path : issue.path === '' ? check.source : `${check.source}.${issue.path}`,
    message: issue.message,
  }));
  const unknown = check.issues.filter((issue) => issue.component !== undefined);
  if (unknown.length === 0) return validationFailure('graph', details, { withPath: false });
  const missing = [...new Set(unknown.map((issue) => issue.component))];
  const others = check.issues.length - unknown.length;
  const more = others > 0 ? ` (and ${others} more ${others === 1 ? 'problem' : 'problems'})` : '';
  return new AppError('VALIDATION_FAILED', `Invalid graph: the catalogue has no component ${missing.map((name) => `'${name}'`).join(', ')}${more}`, {
    details: details.slice(0, MAX_ERROR_DETAILS),
  });
}
