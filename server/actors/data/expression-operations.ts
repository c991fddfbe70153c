import { type JsonValue } from '../../engine';
import { type ExpressionResult, evaluateExpressions } from './expression-batch';
import { type FieldPath, formatFieldPath, getField, setField } from '../shared';
import { type OperationContext, type OperationStep, batchesOf, itemFailed } from './pipeline-value';
import { fieldPathOf, translateExpression } from './placeholder-expression';

/** Keeps the items for which `filterExpression` is truthy; a failing item's fate follows `errorHandling`. */
export const filterOperation: OperationStep = async (value, ctx) => {
  const results = await evaluate(ctx, [translateExpression(ctx.operation.filterExpression ?? '')], value.items);
  const kept = value.items.filter((item, index) => {
    const result = results[index][0];
    return result.ok ? isTruthy(result.value) : itemFailed(ctx, index, result.error) === 'keep';
  });
  return { ...value, items: kept };
};

/**
 * Replaces each item by `transformExpression`; a single value is replaced as a whole, so an expression that
 * returns an array (`${input.get('data').data.body}`) turns it into a list of items.
 */
export const transformOperation: OperationStep = async (value, ctx) => {
  const results = await evaluate(ctx, [translateExpression(ctx.operation.transformExpression ?? '')], value.items);
  const items: JsonValue[] = [];
  value.items.forEach((item, index) => {
    const result = results[index][0];
    if (result.ok) items.push(result.value);
    else if (itemFailed(ctx, index, result.error) === 'keep') items.push(item);
  });
  if (value.single && items.length === 1 && Array.isArray(items[0])) return { items: items[0], single: false };
  return { items, single: value.single };
};

/** Builds a new object per item from `mapping`: each target field gets its source field, through `transform` when given. */
export const mapOperation: OperationStep = async (value, ctx) => {
  const entries = (ctx.operation.mapping ?? []).map((entry) => ({
    source: fieldPathOf(entry.sourceField),
    target: targetPathOf(entry.targetField),
    transform: entry.transform !== undefined && entry.transform.trim() !== '' ? translateExpression(entry.transform) : undefined,
  }));
  const sources = value.items.map((item) => entries.map((entry) => getField(item, entry.source) ?? null));
  const withTransform = entries.flatMap((entry, k) => (entry.transform === undefined ? [] : [k]));
  const expressions = withTransform.map((k) => entries[k].transform ?? '');
  const results = await evaluate(ctx, expressions, value.items, sources.map((row) => withTransform.map((k) => row[k])));
  const items: JsonValue[] = [];
  value.items.forEach((item, index) => {
    const mapped: { [key: string]: JsonValue } = {};
    let failure: string | undefined;
    entries.forEach((entry, k) => {
      const slot = withTransform.indexOf(k);
      const result: ExpressionResult = slot === -1 ? { ok: true, value: sources[index][k] } : results[index][slot];
      if (result.ok) setField(mapped, entry.target, result.value);
      else failure ??= `mapping to '${formatFieldPath(entry.target)}': ${result.error}`;
    });
    if (failure === undefined) items.push(mapped);
    else if (itemFailed(ctx, index, failure) === 'keep') items.push(item);
  });
  return { items, single: value.single };
};

async function evaluate(
  ctx: OperationContext,
  expressions: readonly string[],
  items: readonly JsonValue[],
  values?: readonly (readonly JsonValue[])[],
): Promise<ExpressionResult[][]> {
  if (expressions.length === 0) return items.map(() => []);
  const results: ExpressionResult[][] = [];
  let offset = 0;
  for (const batch of batchesOf(items, ctx.batchSize)) {
    const batchValues = values?.slice(offset, offset + batch.length);
    results.push(...(await evaluateExpressions({ expressions, items: batch, offset, values: batchValues, signal: ctx.signal })));
    offset += batch.length;
  }
  return results;
}

function targetPathOf(targetField: string): FieldPath {
  const path = fieldPathOf(targetField);
  if (path.length === 0) throw new Error(`targetField '${targetField}' names no field`);
  return path;
}

function isTruthy(value: JsonValue): boolean {
  return value !== null && value !== false && value !== 0 && value !== '';
}
