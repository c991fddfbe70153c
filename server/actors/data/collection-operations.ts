import { type JsonObject, type JsonValue, isJsonObject } from '../../engine';
import { compareValues, isMissing } from './compare-values';
import { getField } from '../shared';
import { type OperationStep, batchesOf, itemFailed } from './pipeline-value';
import { fieldPathOf } from './placeholder-expression';

/** Sorts the items by `sortField` (the items themselves when empty) in `sortDirection`; missing values go last. */
export const sortOperation: OperationStep = (value, ctx) => {
  const path = fieldPathOf(ctx.operation.sortField ?? '');
  const direction = ctx.operation.sortDirection === 'desc' ? -1 : 1;
  const keyed = value.items.map((item) => ({ item, key: getField(item, path) }));
  keyed.sort((a, b) => {
    if (isMissing(a.key) || isMissing(b.key)) return Number(isMissing(a.key)) - Number(isMissing(b.key));
    return direction * compareValues(a.key, b.key);
  });
  return { ...value, items: keyed.map((entry) => entry.item) };
};

/** Groups the items by `groupByField` into `{ key, count, items }` objects, in the order keys first appear. */
export const groupOperation: OperationStep = (value, ctx) => {
  const path = fieldPathOf(ctx.operation.groupByField ?? '');
  const groups = new Map<string, { key: JsonValue; items: JsonValue[] }>();
  for (const item of value.items) {
    const key = getField(item, path) ?? null;
    const id = JSON.stringify(key);
    const group = groups.get(id) ?? { key, items: [] };
    group.items.push(item);
    groups.set(id, group);
  }
  const items = [...groups.values()].map((group) => ({ key: group.key, count: group.items.length, items: group.items }));
  return { items, single: false, groupedBy: path };
};

/**
 * Merges objects into one (a shallow merge, later items winning per key): the items of the list, or, right after
 * a group operation, the items of each group. A non-object item cannot merge and counts as failed.
 */
export const mergeOperation: OperationStep = (value, ctx) => {
  if (value.groupedBy !== undefined) {
    return { items: value.items.map((group) => mergeObjects(isJsonObject(group) && Array.isArray(group.items) ? group.items : [])), single: false };
  }
  const objects: JsonObject[] = [];
  value.items.forEach((item, index) => {
    if (isJsonObject(item)) objects.push(item);
    else itemFailed(ctx, index, `merge needs objects, got ${describe(item)}`);
  });
  return { items: [mergeObjects(objects)], single: true };
};

/**
 * Splits items: with `splitField`, each item becomes one item per element of that field (an array, or a string
 * cut at `separator`, default `,`); without it, a single string value is cut at `separator` and a list is cut
 * into chunks of `chunkSize` items (default: the node's batchSize).
 */
export const splitOperation: OperationStep = (value, ctx) => {
  const { splitField, separator = ',', chunkSize } = ctx.operation;
  if (splitField === undefined || splitField.trim() === '') {
    if (value.single && typeof value.items[0] === 'string') return { items: splitText(value.items[0], separator), single: false };
    return { items: batchesOf(value.items, chunkSize ?? ctx.batchSize), single: false };
  }
  const path = fieldPathOf(splitField);
  const items: JsonValue[] = [];
  value.items.forEach((item, index) => {
    const field = getField(item, path);
    const parts = Array.isArray(field) ? field : typeof field === 'string' ? splitText(field, separator) : undefined;
    if (isMissing(field)) items.push(item);
    else if (parts !== undefined) for (const part of parts) items.push(path.length === 0 ? part : withField(item, path, part));
    else if (itemFailed(ctx, index, `cannot split ${describe(field)} at '${splitField}'`) === 'keep') items.push(item);
  });
  return { items, single: false };
};

function mergeObjects(objects: readonly JsonValue[]): JsonObject {
  const merged: JsonObject = {};
  for (const object of objects) if (isJsonObject(object)) for (const [key, item] of Object.entries(object)) define(merged, key, item);
  return merged;
}

function withField(item: JsonValue, path: readonly (string | number)[], part: JsonValue): JsonValue {
  const copy = JSON.parse(JSON.stringify(item)) as JsonValue;
  let current: JsonValue = copy;
  for (let i = 0; i < path.length - 1; i++) current = (current as Record<string, JsonValue>)[path[i]];
  define(current as JsonObject, String(path[path.length - 1]), part);
  return copy;
}

function splitText(text: string, separator: string): string[] {
  return text.split(separator).map((part) => part.trim()).filter((part) => part !== '');
}

function define(target: JsonObject, key: string, value: JsonValue): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

function describe(value: JsonValue): string {
  return Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
