import { type JsonObject, type JsonValue, isJsonObject } from '../../engine';
import { compareValues, isMissing } from './compare-values';
import { type FieldPath, formatFieldPath, getField } from '../shared';
import { type OperationContext, type OperationStep, itemFailed } from './pipeline-value';
import { fieldPathOf } from './placeholder-expression';

/**
 * Reduces the items with `aggregateFunction` over `aggregateField`: a list becomes that one value; right after a
 * group operation each group becomes a row `{ <groupByField>: key, <function>: value, count }` (no separate `count` when the function is count).
 * sum/avg take numbers (numeric text too) and skip missing values; a value that is no number counts as failed.
 */
export const aggregateOperation: OperationStep = (value, ctx) => {
  const path = fieldPathOf(ctx.operation.aggregateField ?? '');
  if (value.groupedBy === undefined) return { items: [aggregate(value.items, path, ctx)], single: true };
  const keyName = value.groupedBy.length === 0 ? 'key' : formatFieldPath(value.groupedBy);
  const functionName = ctx.operation.aggregateFunction;
  const rows = value.items.map((group): JsonObject => {
    const members = isJsonObject(group) && Array.isArray(group.items) ? group.items : [];
    const row: JsonObject = {};
    const entries: [string, JsonValue][] = [[keyName, isJsonObject(group) ? group.key : null], [functionName, aggregate(members, path, ctx)]];
    if (functionName !== 'count') entries.push(['count', members.length]);
    for (const [key, item] of entries) Object.defineProperty(row, key, { value: item, writable: true, enumerable: true, configurable: true });
    return row;
  });
  return { items: rows, single: false };
};

function aggregate(items: readonly JsonValue[], path: FieldPath, ctx: OperationContext): JsonValue {
  const values = items.map((item) => getField(item, path));
  switch (ctx.operation.aggregateFunction) {
    case 'count':
      return path.length === 0 ? items.length : values.filter((entry) => !isMissing(entry)).length;
    case 'sum':
      return numbers(values, ctx).reduce((total, entry) => total + entry, 0);
    case 'avg': {
      const found = numbers(values, ctx);
      return found.length === 0 ? null : found.reduce((total, entry) => total + entry, 0) / found.length;
    }
    case 'min':
    case 'max': {
      const sign = ctx.operation.aggregateFunction === 'min' ? 1 : -1;
      const present = values.filter((entry): entry is JsonValue => !isMissing(entry));
      return present.reduce<JsonValue>((best, entry) => (best === null || sign * compareValues(entry, best) < 0 ? entry : best), null);
    }
    case 'first':
      return values.length === 0 ? null : (values[0] ?? null);
    case 'last':
      return values.length === 0 ? null : (values[values.length - 1] ?? null);
  }
}

function numbers(values: readonly (JsonValue | undefined)[], ctx: OperationContext): number[] {
  const found: number[] = [];
  values.forEach((entry, index) => {
    if (isMissing(entry)) return;
    const number = typeof entry === 'number' ? entry : typeof entry === 'string' && entry.trim() !== '' ? Number(entry) : Number.NaN;
    if (Number.isFinite(number)) found.push(number);
    else itemFailed(ctx, index, `${ctx.operation.aggregateFunction} needs numbers, got ${JSON.stringify(entry)}`);
  });
  return found;
}
