import { isJsonObject } from '../engine';
import { CamelGraphSchema, readCamelGraph } from './camel-dialect';
import { type ConversionIssue, joinPath, zodConversionIssues } from './conversion-issue';
import { type GraphDefaults } from './graph-defaults';
import { type IdeGraph } from './ide-graph';
import { SnakeGraphSchema, readSnakeGraph } from './snake-dialect';

/** The outcome of reading one graph: the graph in dialect-free form, or every problem of its shape. */
export type ReadGraphOutcome = { ok: true; graph: IdeGraph } | { ok: false; issues: ConversionIssue[] };

/**
 * Tells whether a graph is in the older snake_case dialect: it has `is_main`, a node with `template_id`,
 * `node_type` or `property_values`, or a connection with `from`/`to`.
 */
export function isSnakeCaseGraph(raw: Record<string, unknown>): boolean {
  if ('is_main' in raw) return true;
  const anyHas = (list: unknown, keys: readonly string[]) =>
    Array.isArray(list) && list.some((item) => isJsonObject(item) && keys.some((key) => key in item));
  return anyHas(raw.nodes, ['template_id', 'node_type', 'property_values']) || anyHas(raw.connections, ['from', 'to']);
}

/** Reads one graph of either dialect sitting at `path` of the submitted workflow. */
export function readIdeGraph(raw: unknown, path: string, defaults: GraphDefaults): ReadGraphOutcome {
  if (!isJsonObject(raw)) {
    return { ok: false, issues: [{ path, message: `'${path}' must be a graph: an object with nodes and connections` }] };
  }
  if (isSnakeCaseGraph(raw)) {
    const parsed = SnakeGraphSchema.safeParse(raw);
    if (!parsed.success) return { ok: false, issues: zodConversionIssues(path, parsed.error.issues) };
    const id = parsed.data.id ?? defaults.id;
    return id === undefined ? missingId(path) : { ok: true, graph: readSnakeGraph(parsed.data, id, path, defaults) };
  }
  const parsed = CamelGraphSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, issues: zodConversionIssues(path, parsed.error.issues) };
  const id = parsed.data.id ?? defaults.id;
  return id === undefined ? missingId(path) : { ok: true, graph: readCamelGraph(parsed.data, id, path, defaults) };
}

function missingId(path: string): ReadGraphOutcome {
  const idPath = joinPath(path, 'id');
  return { ok: false, issues: [{ path: idPath, message: `'${idPath}' is required: every graph of a workflow needs an id` }] };
}
