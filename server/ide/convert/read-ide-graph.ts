import { joinPath } from '../../../model';
import { isJsonObject } from '../../engine';
import { CamelGraphSchema, readCamelGraph } from './camel-dialect';
import { type ConversionIssue, zodConversionIssues } from './conversion-issue';
import { type GraphDefaults } from './graph-defaults';
import { type IdeGraph } from './ide-graph';
import { isSnakeCaseGraph, renameGraphPaths, snakePathOf, snakeToCamelGraph } from './snake-dialect';

/** The outcome of reading one graph: the graph in dialect-free form, or every problem of its shape. */
export type ReadGraphOutcome = { ok: true; graph: IdeGraph } | { ok: false; issues: ConversionIssue[] };

/**
 * Reads one graph of either dialect sitting at `path` of the submitted workflow: a snake_case graph is
 * rewritten into camelCase first, and the paths of what is read or reported are written back in its keys.
 */
export function readIdeGraph(raw: unknown, path: string, defaults: GraphDefaults): ReadGraphOutcome {
  if (!isJsonObject(raw)) {
    return { ok: false, issues: [{ path, message: `'${path}' must be a graph: an object with nodes and connections` }] };
  }
  const snake = isSnakeCaseGraph(raw);
  const rename = snake ? snakePathOf(path) : (text: string) => text;
  const parsed = CamelGraphSchema.safeParse(snake ? snakeToCamelGraph(raw) : raw);
  if (!parsed.success) return { ok: false, issues: zodConversionIssues(path, parsed.error.issues, rename) };
  const id = parsed.data.id ?? defaults.id;
  if (id === undefined) return missingId(path);
  const graph = readCamelGraph(parsed.data, id, path, defaults);
  return { ok: true, graph: snake ? renameGraphPaths(graph, rename) : graph };
}

function missingId(path: string): ReadGraphOutcome {
  const idPath = joinPath(path, 'id');
  return { ok: false, issues: [{ path: idPath, message: `'${idPath}' is required: every graph of a workflow needs an id` }] };
}
