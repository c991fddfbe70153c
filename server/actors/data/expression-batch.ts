import { type JsonValue } from '../../engine';
import { runInSandbox } from '../sandbox';

/** Time and memory one sandboxed evaluation of a batch may use. */
const EXPRESSION_LIMITS = Object.freeze({ timeoutMs: 5000, memoryLimitMb: 128 });

/** One evaluation: plain JavaScript expressions (placeholders already translated) applied to every item. */
export interface ExpressionBatch {
  /** The expressions; each sees `item`, `index`, `items` (the batch), `value` and the item's fields it names as variables. */
  readonly expressions: readonly string[];
  /** The items, the same for every expression. */
  readonly items: readonly JsonValue[];
  /** The index of the first item in the whole list, so that `index` counts from the list's start. @default 0 */
  readonly offset?: number;
  /** Per item and per expression, what `value` holds (a mapping's source field); `null` when absent. */
  readonly values?: readonly (readonly JsonValue[])[];
  /** Aborts the evaluation (the run was cancelled). */
  readonly signal?: AbortSignal;
}

/** What one expression gave for one item. */
export type ExpressionResult = { ok: true; value: JsonValue } | { ok: false; error: string };

const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for function if ' +
    'implements import in instanceof interface let new null package private protected public return static super switch this ' +
    'throw true try typeof var void while with yield await arguments eval undefined NaN Infinity item index items value'
  ).split(' '),
);

/**
 * Evaluates expressions over a batch of items in ONE sandbox call, catching each item's error separately.
 * @returns per item, per expression, its value or its error
 * @throws Error when the batch as a whole fails (a syntax error, the time or memory limit, a cancel).
 */
export async function evaluateExpressions(batch: ExpressionBatch): Promise<ExpressionResult[][]> {
  const { expressions, items } = batch;
  if (items.length === 0 || expressions.length === 0) return items.map(() => []);
  const outcome = await runInSandbox({
    code: sandboxSource(expressions, fieldNames(expressions, items)),
    globals: { items: [...items], offset: batch.offset ?? 0, values: batch.values === undefined ? null : batch.values.map((row) => [...row]) },
    timeoutMs: EXPRESSION_LIMITS.timeoutMs,
    memoryLimitMb: EXPRESSION_LIMITS.memoryLimitMb,
    signal: batch.signal,
  });
  if (!outcome.ok) throw new Error(outcome.error);
  return readResults(outcome.value, items.length, expressions.length);
}

/** The item fields an expression may name directly (`total >= 100`): identifiers it uses that are keys of some item. */
function fieldNames(expressions: readonly string[], items: readonly JsonValue[]): string[] {
  const used = new Set<string>();
  for (const expression of expressions) for (const word of expression.match(/[A-Za-z_$][\w$]*/g) ?? []) if (!RESERVED.has(word)) used.add(word);
  const names = new Set<string>();
  for (const item of items) {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) continue;
    for (const key of Object.keys(item)) if (used.has(key)) names.add(key);
  }
  return [...names];
}

function sandboxSource(expressions: readonly string[], names: readonly string[]): string {
  const fields = names.length === 0 ? '' : `const { ${names.join(', ')} } = item !== null && typeof item === 'object' && !Array.isArray(item) ? item : {};`;
  const functions = expressions.map((expression) => `function (item, index, value) { ${fields} return (\n${expression}\n); }`);
  return `'use strict';
const describe = (error) => {
  try {
    if (error !== null && typeof error === 'object' && typeof error.message === 'string') {
      return error.name && error.name !== 'Error' ? error.name + ': ' + error.message : error.message;
    }
    return String(error);
  } catch (_) {
    return 'the expression threw a value that cannot be described';
  }
};
const expressions = [\n${functions.join(',\n')}\n];
return items.map((item, index) => expressions.map((expression, k) => {
  try {
    const text = JSON.stringify(expression(item, offset + index, values === null ? null : values[index][k]));
    return [1, text === undefined ? null : JSON.parse(text)];
  } catch (error) {
    return [0, describe(error)];
  }
}));`;
}

function readResults(value: JsonValue, itemCount: number, expressionCount: number): ExpressionResult[][] {
  if (!Array.isArray(value) || value.length !== itemCount) throw new Error('The expressions returned a malformed result');
  return value.map((row) => {
    if (!Array.isArray(row) || row.length !== expressionCount) throw new Error('The expressions returned a malformed result');
    return row.map((cell): ExpressionResult => {
      if (Array.isArray(cell) && cell.length === 2 && cell[0] === 1) return { ok: true, value: cell[1] };
      if (Array.isArray(cell) && cell.length === 2 && cell[0] === 0 && typeof cell[1] === 'string') return { ok: false, error: cell[1] };
      throw new Error('The expressions returned a malformed result');
    });
  });
}
