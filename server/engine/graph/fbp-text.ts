import * as fbp from 'fbp';
import { type GraphJson, GraphJsonSchema, type JsonValue } from '../../../model';

/** Where and why .fbp text could not be read. */
interface FbpTextProblem {
  readonly message: string;
  readonly line?: number;
  readonly column?: number;
}

/** The outcome of reading .fbp text: a graph in FBP JSON, or the problem. */
export type FbpTextOutcome = { ok: true; graph: GraphJson } | { ok: false; problem: FbpTextProblem };

/**
 * Reads .fbp text with `fbp`, the parser NoFlo uses, into FBP JSON. `INPORT`/`OUTPORT` lines become exported
 * ports and `'data' -> PORT node` lines initial packets, as NoFlo reads them; port names are matched ignoring
 * case. Two readings make the text useful for this service's actors, whose packets and settings are JSON:
 * an initial packet whose text is a JSON literal (`'3'`, `'{"a": 1}'`, `'true'`) is that value, other text
 * stays a string; the `key=value` pairs of a node (`calc(tpl_math_round:precision=2)`) are its `config`.
 * The legacy `EXPORT=NODE.PORT:NAME` lines, which the parser no longer reads, become legacy `exports`, as the
 * parser once made them.
 */
export function readFbpText(text: string): FbpTextOutcome {
  const { rest, exports } = legacyExportLines(text);
  let noflo: Record<string, unknown>;
  try {
    // Called on the module: the parser keeps its state on `this`.
    noflo = fbp.parse(rest, { caseSensitive: false });
  } catch (error) {
    return { ok: false, problem: fbpProblem(error) };
  }
  if (exports.length > 0) noflo.exports = exports;
  const parsed = GraphJsonSchema.safeParse(noflo);
  if (!parsed.success) return { ok: false, problem: { message: `The parser's graph is not FBP JSON: ${parsed.error.issues[0]?.message ?? 'unknown shape'}` } };
  const graph = parsed.data;
  if (!Array.isArray(graph.processes)) {
    for (const process of Object.values(graph.processes)) {
      const { metadata } = process;
      if (metadata !== undefined && metadata !== null)
        process.metadata = { config: Object.fromEntries(Object.entries(metadata).map(([key, value]) => [key, literal(value)])) };
    }
  }
  for (const connection of graph.connections ?? []) {
    if (connection.src == null && connection.data !== undefined) connection.data = literal(connection.data);
  }
  return { ok: true, graph };
}

/** An `EXPORT=` line of the .fbp grammar before 1.0: a node's port, exported under a name. */
const EXPORT_LINE = /^[ \t]*EXPORT=([A-Za-z0-9_.-]+\.[A-Za-z0-9_-]+):([A-Za-z0-9_-]+)[ \t]*$/;

/** Takes the `EXPORT=` lines out of .fbp text (left empty, so that lines keep their numbers), as legacy exports. */
function legacyExportLines(text: string): { rest: string; exports: { private: string; public: string }[] } {
  const exports: { private: string; public: string }[] = [];
  const lines = text.split('\n').map((line) => {
    const match = EXPORT_LINE.exec(line.replace(/\r$/, ''));
    if (match === null) return line;
    // Lower case, as the parser wrote them in a graph that is not case-sensitive.
    exports.push({ private: match[1].toLowerCase(), public: match[2].toLowerCase() });
    return '';
  });
  return { rest: exports.length === 0 ? text : lines.join('\n'), exports };
}

function literal(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as JsonValue;
  } catch {
    return value;
  }
}

function fbpProblem(error: unknown): FbpTextProblem {
  const { message, location } = error as { message?: unknown; location?: { start?: { line?: unknown; column?: unknown } } };
  const text = typeof message === 'string' ? message : String(error);
  const line = location?.start?.line;
  const column = location?.start?.column;
  if (typeof line === 'number' && typeof column === 'number') return { message: `Line ${line}, column ${column}: ${text}`, line, column };
  return { message: text };
}
