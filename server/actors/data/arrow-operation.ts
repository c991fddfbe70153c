import { type Table, tableFromJSON, tableToIPC } from 'apache-arrow';
import { type JsonObject, type JsonValue, isJsonObject } from '../../engine';
import { driverValueToJson } from '../shared/driver-value';
import { type ArrowRequest } from './arrow-request';


/** A column's statistics. */
interface ColumnStats extends JsonObject {
  name: string;
  type: string;
  nullCount: number;
  min: JsonValue;
  max: JsonValue;
}

/** The table an operation gives, and its statistics when asked. */
export interface ArrowAnswer {
  readonly table: JsonObject;
  readonly stats: JsonObject | null;
}

const COMPARE = {
  eq: (a: unknown, b: unknown) => a === b,
  ne: (a: unknown, b: unknown) => a !== b,
  gt: (a: unknown, b: unknown) => (a as number) > (b as number),
  gte: (a: unknown, b: unknown) => (a as number) >= (b as number),
  lt: (a: unknown, b: unknown) => (a as number) < (b as number),
  lte: (a: unknown, b: unknown) => (a as number) <= (b as number),
  contains: (a: unknown, b: unknown) => typeof a === 'string' && a.includes(String(b)),
  in: (a: unknown, b: unknown) => Array.isArray(b) && b.includes(a as JsonValue),
  null: (a: unknown) => a === null || a === undefined,
  not_null: (a: unknown) => a !== null && a !== undefined,
} as const;

const AGGREGATES = ['sum', 'avg', 'count', 'min', 'max'] as const;

/**
 * Loads records into an Arrow table (columns inferred by apache-arrow) and runs one operation on its
 * columns, on a worker thread:
 * - `convert`: the table as it is, with its Arrow IPC stream (base64) in `ipc`;
 * - `filter`: `{field, operator, value}` with eq, ne, gt, gte, lt, lte, contains, in, null, not_null;
 * - `aggregate`: `{groupBy?, aggregates: {name: {field, fn}}}` with sum, avg, count, min, max;
 * - `join`: `{right: [records], on, type: inner|left}`;
 * - `sort`: `{by, direction: asc|desc}`, nulls last.
 * The table goes out as `{columns: [{name, type}], numRows, batches, rows}`.
 */
export function runArrowOperation(request: ArrowRequest): ArrowAnswer {
  const table = load(request.records);
  const result = operate(table, request);
  const out = load(result);
  const answer: JsonObject = {
    columns: out.schema.fields.map((field) => ({ name: field.name, type: String(field.type) })),
    numRows: out.numRows,
    batches: Math.ceil(out.numRows / request.chunkSize),
    rows: result,
  };
  if (request.operation === 'convert') answer.ipc = Buffer.from(tableToIPC(out, 'stream')).toString('base64');
  return { table: answer, stats: request.statistics ? statistics(out) : null };
}

function load(records: JsonObject[]): Table {
  return tableFromJSON(records.length === 0 ? [{}] : records).slice(0, records.length);
}

function rowsOf(table: Table, indices?: readonly number[]): JsonObject[] {
  const picked = indices ?? Array.from({ length: table.numRows }, (_, i) => i);
  return picked.map((i) => driverValueToJson(table.get(i)?.toJSON() ?? {}) as JsonObject);
}

function column(table: Table, field: unknown, operation: string): (i: number) => unknown {
  if (typeof field !== 'string' || field === '') throw new Error(`${operation} needs a field name on schema-in`);
  const vector = table.getChild(field);
  if (vector === null) throw new Error(`${operation}: the table has no column '${field}' (its columns: ${table.schema.fields.map((f) => f.name).join(', ')})`);
  return (i) => vector.get(i) as unknown;
}

function operate(table: Table, { operation, spec }: ArrowRequest): JsonObject[] {
  switch (operation) {
    case 'convert':
      return rowsOf(table);
    case 'filter': {
      const value = column(table, spec.field, 'filter');
      const operator = String(spec.operator ?? 'eq') as keyof typeof COMPARE;
      const test = COMPARE[operator];
      if (test === undefined) throw new Error(`filter operator '${operator}' is not one of ${Object.keys(COMPARE).join(', ')}`);
      const kept: number[] = [];
      for (let i = 0; i < table.numRows; i++) if (test(value(i), spec.value)) kept.push(i);
      return rowsOf(table, kept);
    }
    case 'sort': {
      const value = column(table, spec.by, 'sort');
      const sign = spec.direction === 'desc' ? -1 : 1;
      const order = Array.from({ length: table.numRows }, (_, i) => i).sort((a, b) => {
        const [x, y] = [value(a), value(b)];
        if (x === null || x === undefined) return y === null || y === undefined ? a - b : 1;
        if (y === null || y === undefined) return -1;
        return ((x as number) < (y as number) ? -1 : (x as number) > (y as number) ? 1 : a - b) * sign;
      });
      return rowsOf(table, order);
    }
    case 'aggregate':
      return aggregate(table, spec);
    case 'join':
      return join(table, spec);
  }
}

function aggregate(table: Table, spec: JsonObject): JsonObject[] {
  const groupBy = (Array.isArray(spec.groupBy) ? spec.groupBy : spec.groupBy === undefined ? [] : [spec.groupBy]).map(String);
  const keys = groupBy.map((field) => column(table, field, 'aggregate'));
  if (!isJsonObject(spec.aggregates) || Object.keys(spec.aggregates).length === 0) throw new Error('aggregate needs {aggregates: {name: {field, fn}}} on schema-in');
  const measures = Object.entries(spec.aggregates).map(([name, measure]) => {
    if (!isJsonObject(measure)) throw new Error(`aggregate '${name}' must be {field, fn}`);
    const fn = String(measure.fn) as (typeof AGGREGATES)[number];
    if (!AGGREGATES.includes(fn)) throw new Error(`aggregate '${name}': fn must be one of ${AGGREGATES.join(', ')}`);
    return { name, fn, value: fn === 'count' && measure.field === undefined ? () => 1 : column(table, measure.field, 'aggregate') };
  });
  const groups = new Map<string, { key: JsonValue[]; values: unknown[][] }>();
  for (let i = 0; i < table.numRows; i++) {
    const key = keys.map((read) => driverValueToJson(read(i)));
    const id = JSON.stringify(key);
    let group = groups.get(id);
    if (group === undefined) groups.set(id, (group = { key, values: measures.map(() => []) }));
    measures.forEach((measure, m) => group.values[m].push(measure.value(i)));
  }
  return [...groups.values()].map(({ key, values }) => {
    const row: JsonObject = {};
    groupBy.forEach((field, k) => (row[field] = key[k]));
    measures.forEach((measure, m) => (row[measure.name] = reduce(measure.fn, values[m])));
    return row;
  });
}

function reduce(fn: (typeof AGGREGATES)[number], values: unknown[]): JsonValue {
  const present = values.filter((v) => v !== null && v !== undefined);
  if (fn === 'count') return present.length;
  const numbers = present.map(Number).filter((n) => !Number.isNaN(n));
  if (numbers.length === 0) return null;
  if (fn === 'sum') return numbers.reduce((a, b) => a + b, 0);
  if (fn === 'avg') return numbers.reduce((a, b) => a + b, 0) / numbers.length;
  return fn === 'min' ? Math.min(...numbers) : Math.max(...numbers);
}

function join(table: Table, spec: JsonObject): JsonObject[] {
  if (!Array.isArray(spec.right) || !spec.right.every(isJsonObject)) throw new Error('join needs {right: [records], on} on schema-in');
  const right = load(spec.right);
  const leftKey = column(table, spec.on, 'join');
  const rightKey = column(right, spec.on, 'join');
  const rightRows = rowsOf(right);
  const byKey = new Map<string, JsonObject[]>();
  rightRows.forEach((row, i) => {
    const key = JSON.stringify(driverValueToJson(rightKey(i)));
    byKey.set(key, [...(byKey.get(key) ?? []), row]);
  });
  const left = rowsOf(table);
  return left.flatMap((row, i) => {
    const matches = byKey.get(JSON.stringify(driverValueToJson(leftKey(i))));
    if (matches === undefined) return spec.type === 'left' ? [row] : [];
    return matches.map((match) => ({ ...row, ...match }));
  });
}

function statistics(table: Table): JsonObject {
  const columns: ColumnStats[] = table.schema.fields.map((field) => {
    const vector = table.getChild(field.name);
    let min: JsonValue = null;
    let max: JsonValue = null;
    for (let i = 0; i < table.numRows; i++) {
      const value = vector?.get(i) as unknown;
      if (typeof value !== 'number' && typeof value !== 'string') continue;
      if (min === null || value < (min as typeof value)) min = value;
      if (max === null || value > (max as typeof value)) max = value;
    }
    return { name: field.name, type: String(field.type), nullCount: vector?.nullCount ?? 0, min, max };
  });
  return { numRows: table.numRows, numColumns: table.numCols, columns };
}
