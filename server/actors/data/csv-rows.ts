import { type CsvError, parse } from 'csv-parse/sync';
import { type JsonObject, type JsonValue } from '../../engine';
import { readFormatted } from './date-values';

/** How CSV text is read. */
export interface CsvRowsOptions {
  readonly delimiter: string;
  readonly hasHeader: boolean;
  readonly skipRows: number;
  readonly dateFormat?: string;
}

/** A row that could not be read: why, on which line, and csv-parse's code. */
type CsvRowProblem = { message: string; line?: number; code: string };

/** The rows read and the rows skipped. */
export interface CsvRows {
  rows: JsonValue[];
  problems: CsvRowProblem[];
}

/**
 * Reads CSV text with csv-parse: `skipRows` lines are skipped first, then the header (when `hasHeader`) names the
 * fields of each row object; without a header each row is an array. Values stay text, except that with `dateFormat`
 * a value in that format (strict, UTC) becomes ISO 8601 (`2024-03-10`, or a full timestamp when the format has a time).
 * A malformed row is skipped and reported with its line; a problem with the whole text throws.
 */
export function readCsvRows(text: string, options: CsvRowsOptions): CsvRows {
  const problems: CsvRowProblem[] = [];
  const rows = parse(text, {
    delimiter: options.delimiter,
    columns: options.hasHeader,
    from_line: options.skipRows + 1,
    bom: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_skip: (error: CsvError | undefined) => {
      if (error !== undefined) problems.push(rowProblem(error));
      return undefined;
    },
  }) as (string[] | Record<string, string>)[];
  const convert = options.dateFormat === undefined ? undefined : dateConverter(options.dateFormat);
  return { rows: convert === undefined ? (rows as JsonValue[]) : rows.map((row) => convertRow(row, convert)), problems };
}

function convertRow(row: string[] | Record<string, string>, convert: (value: string) => string): JsonValue {
  if (Array.isArray(row)) return row.map(convert);
  const result: JsonObject = {};
  for (const [key, value] of Object.entries(row)) {
    Object.defineProperty(result, key, { value: typeof value === 'string' ? convert(value) : value, writable: true, enumerable: true, configurable: true });
  }
  return result;
}

function dateConverter(format: string): (value: string) => string {
  const hasTime = /[HhmsSAaXxZ]/.test(format.replace(/\[[^\]]*\]/g, ''));
  return (value) => {
    if (value === '') return value;
    const instant = readFormatted(value, format, 'UTC');
    if (instant === undefined || !Number.isFinite(instant)) return value;
    const iso = new Date(instant).toISOString();
    return hasTime ? iso : iso.slice(0, 10);
  };
}

function rowProblem(error: CsvError): CsvRowProblem {
  const problem: CsvRowProblem = { message: error.message, code: error.code };
  const lines = (error as CsvError & { lines?: unknown }).lines;
  if (typeof lines === 'number') problem.line = lines;
  return problem;
}
