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
 */
export function readFbpText(text: string): FbpTextOutcome {
  let noflo: Record<string, unknown>;
  try {
    // Called on the module: the parser keeps its state on `this`.
    noflo = fbp.parse(text, { caseSensitive: false });
  } catch (error) {
    return { ok: false, problem: fbpProblem(error) };
  }
  const parsed = GraphJsonSchema.safeParse(noflo);
  if (!parsed.success) return { ok: false, problem: { message: `The parser's graph is not FBP JSON: ${parsed.error.issues[0]?.message ?? 'unknown shape'}` } };
  const graph = parsed.data;
  if (!Array.isArray(graph.processes)) {
    for (const process of Object.values(graph.processes)) {
      const { metadata } = process;
      if (metadata !== undefined && metadata !== null) process.metadata = { config: Object.fromEntries(Object.entries(metadata).map(([key, value]) => [key, literal(value)])) };
    }
  }
  for (const connection of graph.connections ?? []) {
    if (connection.src == null && connection.data !== undefined) connection.data = literal(connection.data);
  }
  return { ok: true, graph };
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
