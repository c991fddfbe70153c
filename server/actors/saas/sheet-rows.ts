import { type JsonObject, type JsonValue, isJsonObject } from '../../engine';

/** A cell as Sheets takes it: text, number or boolean; null is an empty cell. */
type Cell = string | number | boolean;

function cellOf(value: JsonValue | undefined): Cell {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : value;
}

function columnsOf(records: readonly JsonObject[]): string[] {
  const columns = new Set<string>();
  for (const record of records) for (const key of Object.keys(record)) columns.add(key);
  return [...columns];
}

/**
 * The rows a `data-in` packet writes or appends: an array of rows as it is; one flat array as one row;
 * `{values}` as its values; an array of objects as one row per object, the columns in order of first
 * appearance, led by a header row of the column names when `withHeader` (a write); any other value as one cell.
 * @throws Error when there is nothing to write
 */
export function sheetRows(data: JsonValue | undefined, withHeader: boolean): Cell[][] {
  if (data === undefined || data === null) throw new Error('data-in must carry the rows to write: an array of rows, an array of objects, or {values}');
  if (isJsonObject(data) && Array.isArray(data.values)) return sheetRows(data.values, withHeader);
  if (!Array.isArray(data)) return [[cellOf(data)]];
  if (data.length > 0 && data.every(isJsonObject)) {
    const records = data as JsonObject[];
    const columns = columnsOf(records);
    const rows = records.map((record) => columns.map((column) => cellOf(record[column])));
    return withHeader ? [columns, ...rows] : rows;
  }
  if (data.every(Array.isArray)) return (data as JsonValue[][]).map((row) => row.map(cellOf));
  return [data.map(cellOf)];
}
