import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import readWorkbook, { type CellValue, type Sheet } from 'read-excel-file/node';
import { type JsonObject, type JsonValue } from '../../engine';

dayjs.extend(utc);

/** What to read of a workbook. */
export interface ExcelRowsOptions {
  /** The sheet; unset is the first one. */
  readonly sheetName?: string;
  /** A range such as `A1:D20`; unset is every used cell. */
  readonly range?: string;
  /** The first row of the range names the columns: rows are objects; otherwise arrays. */
  readonly hasHeaders: boolean;
  /** The dayjs format dates are written in (UTC). */
  readonly dateFormat: string;
}

/** The rows read and the names of every sheet of the workbook. */
export interface ExcelRows {
  readonly rows: JsonValue[];
  readonly sheets: string[];
}

interface Bounds {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** Reads the rows of one sheet of an .xlsx workbook (a worker task: a workbook of megabytes takes a while). */
export async function readExcelRows(bytes: Uint8Array, options: ExcelRowsOptions): Promise<ExcelRows> {
  let workbook: Sheet[];
  try {
    workbook = await readWorkbook(Buffer.from(bytes));
  } catch (error) {
    throw new Error(`The file is not an .xlsx workbook: ${(error as Error).message}`);
  }
  const sheets = workbook.map(({ sheet }) => sheet);
  const sheet = options.sheetName === undefined ? workbook[0] : workbook.find(({ sheet: name }) => name === options.sheetName);
  if (sheet === undefined) {
    throw new Error(options.sheetName === undefined ? 'The workbook has no sheet' : `The workbook has no sheet '${options.sheetName}' (its sheets: ${sheets.join(', ')})`);
  }
  // The reader gives every row and column from A1 to the last used cell, so a cell's indexes are its address.
  const data = sheet.data;
  const width = data.reduce((most, row) => Math.max(most, row.length), 0);
  const bounds = options.range === undefined ? { top: 1, left: 1, bottom: data.length, right: width } : parseRange(options.range);
  const table: JsonValue[][] = [];
  for (let r = bounds.top; r <= bounds.bottom; r++) {
    const row = data[r - 1] ?? [];
    const values: JsonValue[] = [];
    for (let c = bounds.left; c <= bounds.right; c++) values.push(cellValue(row[c - 1] ?? null, options.dateFormat));
    table.push(values);
  }
  if (!options.hasHeaders) return { rows: table, sheets };
  const [header = [], ...body] = table;
  const names = header.map((name, i) => (name === null || name === '' ? `column${i + 1}` : String(name)));
  const rows = body.map((values) => {
    const object: JsonObject = {};
    names.forEach((name, i) => (object[name] = values[i] ?? null));
    return object;
  });
  return { rows, sheets };
}

/** `A1:D20` (or one cell) as row and column numbers. */
function parseRange(range: string): Bounds {
  const match = /^\s*([A-Za-z]{1,3})(\d{1,7})(?::([A-Za-z]{1,3})(\d{1,7}))?\s*$/.exec(range);
  if (match === null) throw new Error(`range '${range}' is not a cell range such as A1:D20`);
  const [, c1, r1, c2 = c1, r2 = r1] = match;
  const [left, right] = [columnNumber(c1), columnNumber(c2)].sort((a, b) => a - b);
  const [top, bottom] = [Number(r1), Number(r2)].sort((a, b) => a - b);
  return { top, left, bottom, right };
}

function columnNumber(letters: string): number {
  return [...letters.toUpperCase()].reduce((n, letter) => n * 26 + letter.charCodeAt(0) - 64, 0);
}

/** A cell as JSON: a formula is read as its last computed result, rich text and links as their text, a date in `dateFormat`. */
function cellValue(value: CellValue | null, dateFormat: string): JsonValue {
  if (value === null) return null;
  if (value instanceof Date) return dayjs.utc(value).format(dateFormat);
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  return null;
}
