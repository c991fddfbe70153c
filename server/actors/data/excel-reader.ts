import { z } from 'zod';
import { type AnyActorDefinition, type JsonValue, defineActor, isJsonObject } from '../../engine';
import { booleanSetting, optionalText, readConfinedFile, textSetting } from '../shared';
import { runHeavy } from '../heavy-work';

/** The largest workbook the Excel reader accepts, in bytes. */
const MAX_EXCEL_BYTES = 50 * 1024 * 1024;

/** The `tpl_excel_reader` properties. */
const ExcelReaderConfigSchema = z.object({
  sheetName: optionalText('The sheet to read; unset is the first one (sheet-in replaces it)'),
  range: optionalText('The cells to read, such as A1:D20; unset is every used cell'),
  hasHeaders: booleanSetting('The first row names the columns: rows are objects; otherwise arrays', true),
  dateFormat: textSetting('The dayjs format date cells are written in (UTC)', z.string().min(1).default('YYYY-MM-DD')),
});

/** Host settings of the Excel reader, never taken from a graph. */
export interface ExcelReaderOptions {
  /** The directory paths may read from (`files_dir`); without it, only workbook bytes are accepted. */
  readonly baseDirectory?: string;
}

/** The workbook a `file-in` packet stands for: a path (text or `{path}`) under the base directory, or `{base64}` bytes. */
async function workbookBytes(packet: JsonValue | undefined, baseDirectory: string | undefined, signal: AbortSignal): Promise<Buffer> {
  const path = typeof packet === 'string' ? packet : isJsonObject(packet) && typeof packet.path === 'string' ? packet.path : undefined;
  if (path !== undefined) return readConfinedFile(path, baseDirectory, MAX_EXCEL_BYTES, 'Excel', signal);
  if (isJsonObject(packet) && typeof packet.base64 === 'string') {
    const bytes = Buffer.from(packet.base64, 'base64');
    if (bytes.length > MAX_EXCEL_BYTES) throw new Error(`The workbook is larger than ${MAX_EXCEL_BYTES} bytes`);
    return bytes;
  }
  throw new Error('file-in must be a path (text or {path}) or the workbook as {base64}');
}

/**
 * Builds the `tpl_excel_reader` actor: reads one sheet of the .xlsx workbook on `file-in` (a file under the
 * host-given directory, or its bytes) on a worker thread; rows go to `data-out` (objects keyed by the header
 * row, or arrays) and the names of every sheet to `sheets-out`.
 */
export function createExcelReader(options: ExcelReaderOptions = {}): AnyActorDefinition {
  return defineActor({
    id: 'tpl_excel_reader',
    title: 'Excel Reader',
    description: 'Reads the rows of a sheet of an .xlsx workbook (a file under the host-given directory, or its bytes).',
    inports: {
      'file-in': { type: 'all', required: true, description: 'A path under files_dir (text or {path}), or {base64}.' },
      'sheet-in': { type: 'string', description: 'The sheet name, replacing sheetName; kept for later workbooks.', control: true },
    },
    outports: { 'data-out': { type: 'array', description: 'The rows: objects keyed by header, or arrays.' }, 'sheets-out': { type: 'array', description: 'The names of every sheet.' } },
    config: ExcelReaderConfigSchema,
    // A path reads a file, which may have changed since.
    effects: 'repeatable',
    fire: async ({ config, inputs, signal, send }) => {
      const bytes = await workbookBytes(inputs['file-in'], options.baseDirectory, signal);
      const sheet = inputs['sheet-in'];
      const sheetName = typeof sheet === 'string' && sheet !== '' ? sheet : config.sheetName;
      const { rows, sheets } = await runHeavy('excelRows', { bytes, options: { sheetName, range: config.range, hasHeaders: config.hasHeaders, dateFormat: config.dateFormat } }, { signal });
      await send('data-out', rows);
      await send('sheets-out', sheets);
    },
  });
}

/** The Excel reader of the default catalogue: workbook bytes only. */
export const excelReader = createExcelReader();
