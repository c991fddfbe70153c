import { type JsonObject, type JsonValue, isJsonObject } from '../../engine';
import { sheetRows } from './sheet-rows';
import { vendorEndpoint } from './saas-settings';
import { type VendorRequest } from './vendor-request';

/** The operations of the `tpl_google_sheets` template. */
export const SHEETS_OPERATIONS = ['read', 'write', 'append', 'clear'] as const;

/** One operation of the Google Sheets node. */
export type SheetsOperation = (typeof SHEETS_OPERATIONS)[number];

/** How Sheets reads written values: as typed (`USER_ENTERED`, formulas and dates parsed) or as they are (`RAW`). */
export const VALUE_INPUT_OPTIONS = ['RAW', 'USER_ENTERED'] as const;

/** What one operation works on. */
export interface SheetsCall {
  readonly spreadsheetId: string;
  /** A range in A1 notation, such as `Sheet1!A1:C10`. */
  readonly range: string;
  readonly valueInputOption: (typeof VALUE_INPUT_OPTIONS)[number];
  /** The `data-in` packet: the rows of a write or an append. */
  readonly data: JsonValue | undefined;
}

/** The request of one operation and the rows it writes (none for read and clear). */
export interface SheetsRequest {
  readonly request: Omit<VendorRequest, 'headers'>;
  readonly rows: JsonValue[][];
}

/**
 * The Sheets REST v4 request of an operation: read is `GET values/{range}`, write `PUT values/{range}`
 * (idempotent), append `POST values/{range}:append` (inserting rows; never sent twice) and clear
 * `POST values/{range}:clear`.
 */
export function sheetsRequest(base: URL, operation: SheetsOperation, call: SheetsCall): SheetsRequest {
  const values = `/v4/spreadsheets/${encodeURIComponent(call.spreadsheetId)}/values/${encodeURIComponent(call.range)}`;
  switch (operation) {
    case 'read':
      return { request: { method: 'GET', url: vendorEndpoint(base, values), idempotent: true }, rows: [] };
    case 'write': {
      const rows = sheetRows(call.data, true);
      const url = vendorEndpoint(base, values, { valueInputOption: call.valueInputOption });
      return { request: { method: 'PUT', url, json: { majorDimension: 'ROWS', values: rows }, idempotent: true }, rows };
    }
    case 'append': {
      const rows = sheetRows(call.data, false);
      const url = vendorEndpoint(base, `${values}:append`, { valueInputOption: call.valueInputOption, insertDataOption: 'INSERT_ROWS' });
      return { request: { method: 'POST', url, json: { majorDimension: 'ROWS', values: rows }, idempotent: false }, rows };
    }
    case 'clear':
      return { request: { method: 'POST', url: vendorEndpoint(base, `${values}:clear`), json: {}, idempotent: true }, rows: [] };
  }
}

/**
 * What an operation sends: the values read (or written), and the sheet information Sheets answered: for a read
 * `{spreadsheetId, range, majorDimension, rowCount, columnCount}`, otherwise Sheets' answer as it is
 * (`updatedRange` and counts, `tableRange` and `updates`, `clearedRange`).
 */
export function sheetsResult(
  operation: SheetsOperation,
  spreadsheetId: string,
  rows: JsonValue[][],
  body: JsonValue,
): { values: JsonValue[][]; metadata: JsonObject } {
  const answer = isJsonObject(body) ? body : {};
  if (operation !== 'read') return { values: rows, metadata: { spreadsheetId, ...answer } };
  const values = Array.isArray(answer.values) ? (answer.values as JsonValue[][]) : [];
  const columnCount = values.reduce((most, row) => Math.max(most, Array.isArray(row) ? row.length : 0), 0);
  return {
    values,
    metadata: { spreadsheetId, range: answer.range ?? null, majorDimension: answer.majorDimension ?? 'ROWS', rowCount: values.length, columnCount },
  };
}
