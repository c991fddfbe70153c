import { z } from 'zod';
import { type AnyActorDefinition, defineActor, errorMessage } from '../../engine';
import { LARGE_TEXT_CHARS, runHeavy } from '../heavy-work';
import { booleanSetting, choiceSetting, numberSetting, optionalText } from '../shared';
import { readCsvRows } from './csv-rows';
import { CsvEncodingSchema, readCsvSource } from './csv-source';
import { reportProblem } from './report-problem';

/** Configuration of `tpl_csv_reader`, with the template's defaults (`\t` may come as the two characters backslash-t). */
export const CsvReaderConfigSchema = z.object({
  delimiter: z
    .preprocess((value) => (value === '\\t' ? '\t' : value), z.enum([',', ';', '\t', '|']).default(','))
    .describe('The field separator: comma, semicolon, tab (or the two characters \\t) or pipe'),
  hasHeader: booleanSetting('Whether the first row names the columns: rows become objects keyed by header, else arrays', true),
  skipRows: numberSetting('Lines skipped before the header or the first row', z.number().int().min(0).default(0)),
  encoding: choiceSetting('The text encoding of file and byte input', CsvEncodingSchema.options, 'utf-8'),
  dateFormat: optionalText('A dayjs format (such as DD/MM/YYYY) whose matching cells become ISO dates; blank leaves cells as text'),
});

/** Host settings of the CSV reader, never taken from a graph. */
export interface CsvReaderOptions {
  /** The directory `{path}` packets may read from; without it, only CSV content is accepted. */
  readonly baseDirectory?: string;
}

/** Builds the CSV reader; a host that lets graphs read CSV files by path passes the one directory they may read from. */
export function createCsvReader(options: CsvReaderOptions = {}): AnyActorDefinition {
  return defineActor({
    id: 'tpl_csv_reader',
    title: 'CSV Reader',
    description: 'Reads the CSV on file-in (text, bytes, or a file under the host-given directory); rows to data-out, bad rows to errors-out.',
    inports: { 'file-in': { type: 'all', required: true, description: 'CSV text, {text}, {base64} or {path}' } },
    outports: { 'data-out': { type: 'array', description: 'The rows: objects keyed by header, or arrays' }, 'errors-out': { type: 'object', description: '{message, line, code} per bad row' } },
    config: CsvReaderConfigSchema,
    // A {path} packet reads a file, which may have changed since.
    effects: 'repeatable',
    async fire(ctx) {
      const { config, inputs, signal } = ctx;
      let read;
      try {
        const text = await readCsvSource(inputs['file-in'], config.encoding, options.baseDirectory, signal);
        const rowsOptions = { delimiter: config.delimiter, hasHeader: config.hasHeader, skipRows: config.skipRows, dateFormat: config.dateFormat };
        read = text.length > LARGE_TEXT_CHARS ? await runHeavy('csvRows', { text, options: rowsOptions }, { signal }) : readCsvRows(text, rowsOptions);
      } catch (error) {
        signal.throwIfAborted();
        return reportProblem(ctx, 'errors-out', { message: errorMessage(error), ...csvErrorPosition(error) });
      }
      await ctx.send('data-out', read.rows);
      for (const problem of read.problems) {
        if (ctx.isConnected('errors-out')) await ctx.send('errors-out', problem);
        else ctx.log(`Skipped a bad CSV row: ${problem.message}`, problem);
      }
    },
  });
}

/** The CSV reader for CSV content only (no file paths). */
export const csvReader = createCsvReader();

function csvErrorPosition(error: unknown): { line?: number; code?: string } {
  if (error === null || typeof error !== 'object') return {};
  const { lines, code } = error as { lines?: unknown; code?: unknown };
  return { line: typeof lines === 'number' ? lines : undefined, code: typeof code === 'string' ? code : undefined };
}
