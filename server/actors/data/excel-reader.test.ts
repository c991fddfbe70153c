import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { createExcelReader, excelReader } from './excel-reader';
import { runNode } from '../../../test/support/kits';

/** A workbook of two sheets, as a user's spreadsheet has them: a header row, numbers, dates, a formula, rich text. */
async function workbook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const people = book.addWorksheet('People');
  people.addRow(['name', 'age', 'joined', 'double']);
  people.addRow(['Ada', 36, new Date(Date.UTC(2023, 11, 10)), { formula: 'B2*2', result: 72 }]);
  people.addRow([{ richText: [{ text: 'B' }, { text: 'ob' }] }, 41, new Date(Date.UTC(2024, 0, 2)), { formula: 'B3*2', result: 82 }]);
  book.addWorksheet('Totals').addRow(['sum', 77]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('tpl_excel_reader', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'excel-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('reads the first sheet into objects keyed by the header row, with formulas as their results and dates formatted', async () => {
    const run = await runNode(excelReader, { packets: [['file-in', { base64: (await workbook()).toString('base64') }]] });
    expect(run.packets['data-out']).toEqual([
      [
        { name: 'Ada', age: 36, joined: '2023-12-10', double: 72 },
        { name: 'Bob', age: 41, joined: '2024-01-02', double: 82 },
      ],
    ]);
    expect(run.packets['sheets-out']).toEqual([['People', 'Totals']]);
  });

  it('reads a range as arrays, a sheet named on sheet-in, and a file under the host-given directory', async () => {
    await writeFile(join(dir, 'book.xlsx'), await workbook());
    const reader = createExcelReader({ baseDirectory: dir });
    const ranged = await runNode(reader, { config: { range: 'A2:B3', hasHeaders: false, dateFormat: 'DD/MM/YYYY' }, packets: [['file-in', 'book.xlsx']] });
    expect(ranged.packets['data-out']).toEqual([[['Ada', 36], ['Bob', 41]]]);
    const other = await runNode(reader, { packets: [['sheet-in', 'Totals'], ['file-in', { path: 'book.xlsx' }]], config: { hasHeaders: false } });
    expect(other.packets['data-out']).toEqual([[['sum', 77]]]);
  });

  it('refuses paths outside the directory, paths without one, missing sheets and files that are no workbook', async () => {
    await writeFile(join(dir, 'book.xlsx'), await workbook());
    await symlink('/etc/hostname', join(dir, 'link.xlsx'));
    const reader = createExcelReader({ baseDirectory: dir });
    const failure = async (definition: typeof reader, packet: unknown, config = {}) => (await runNode(definition, { packets: [['file-in', packet as never]], config })).result.errors[0]?.message;
    expect(await failure(reader, '../../etc/passwd')).toContain("is outside the allowed directory (files_dir)");
    expect(await failure(reader, 'link.xlsx')).toContain('is outside the allowed directory (files_dir)');
    expect(await failure(excelReader, 'book.xlsx')).toContain('Reading Excel files by path is not enabled on this server (set files_dir)');
    expect(await failure(reader, 'book.xlsx', { sheetName: 'Nope' })).toContain("The workbook has no sheet 'Nope' (its sheets: People, Totals)");
    expect(await failure(reader, { base64: Buffer.from('not a workbook').toString('base64') })).toContain('The file is not an .xlsx workbook');
  });
});
