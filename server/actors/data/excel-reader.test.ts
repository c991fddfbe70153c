import { copyFile, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createExcelReader, excelReader } from './excel-reader';
import { runNode } from '../../../test/support/kits';

const fixtures = join(__dirname, '../../../test/fixtures/excel');

/** A workbook of two sheets, as a user's spreadsheet has them: a header row, numbers, dates, a formula, rich text. */
const workbook = (): Promise<Buffer> => readFile(join(fixtures, 'people.xlsx'));

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
    await copyFile(join(fixtures, 'people.xlsx'), join(dir, 'book.xlsx'));
    const reader = createExcelReader({ baseDirectory: dir });
    const ranged = await runNode(reader, { config: { range: 'A2:B3', hasHeaders: false, dateFormat: 'DD/MM/YYYY' }, packets: [['file-in', 'book.xlsx']] });
    expect(ranged.packets['data-out']).toEqual([[['Ada', 36], ['Bob', 41]]]);
    const other = await runNode(reader, { packets: [['sheet-in', 'Totals'], ['file-in', { path: 'book.xlsx' }]], config: { hasHeaders: false } });
    expect(other.packets['data-out']).toEqual([[['sum', 77]]]);
  });

  it('addresses cells from A1 when a table starts further in, and reads a link as its text', async () => {
    const bytes = { base64: (await readFile(join(fixtures, 'offset.xlsx'))).toString('base64') };
    const whole = await runNode(excelReader, { packets: [['file-in', bytes]], config: { hasHeaders: false } });
    expect(whole.packets['data-out']).toEqual([
      [
        [null, null, null],
        [null, null, null],
        [null, 'item', 'link'],
        [null, 'tea', 'shop'],
      ],
    ]);
    const table = await runNode(excelReader, { packets: [['file-in', bytes]], config: { range: 'B3:C4' } });
    expect(table.packets['data-out']).toEqual([[{ item: 'tea', link: 'shop' }]]);
  });

  it('refuses paths outside the directory, paths without one, missing sheets and files that are no workbook', async () => {
    await copyFile(join(fixtures, 'people.xlsx'), join(dir, 'book.xlsx'));
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
