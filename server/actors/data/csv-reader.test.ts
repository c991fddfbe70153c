import { mkdtemp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CsvReaderConfigSchema, createCsvReader, csvReader } from './csv-reader';
import { runNode } from '../../../test/support/kits';

const people = 'name,age,joined\nAda,36,10/12/2023\nBob,41,01/02/2024\n';

describe('tpl_csv_reader', () => {
  it("applies the template's defaults and reads rows as objects keyed by the header, values as text", async () => {
    expect(CsvReaderConfigSchema.parse({})).toEqual({ delimiter: ',', hasHeader: true, skipRows: 0, encoding: 'utf-8', dateFormat: undefined });
    const run = await runNode(csvReader, { packets: [['file-in', people]] });
    expect(run.packets['data-out']).toEqual([
      [
        { name: 'Ada', age: '36', joined: '10/12/2023' },
        { name: 'Bob', age: '41', joined: '01/02/2024' },
      ],
    ]);
    expect(run.packets['errors-out']).toBeUndefined();
  });

  it('reads arrays without a header, skips leading rows and honours each delimiter', async () => {
    const arrays = await runNode(csvReader, { config: { hasHeader: false, skipRows: '1' }, packets: [['file-in', people]] });
    expect(arrays.packets['data-out']).toEqual([[['Ada', '36', '10/12/2023'], ['Bob', '41', '01/02/2024']]]);
    for (const [delimiter, text] of [[';', 'a;b\n1;2'], ['\t', 'a\tb\n1\t2'], ['\\t', 'a\tb\n1\t2'], ['|', 'a|b\n1|2']]) {
      const run = await runNode(csvReader, { config: { delimiter }, packets: [['file-in', text]] });
      expect(run.packets['data-out']).toEqual([[{ a: '1', b: '2' }]]);
    }
  });

  it('turns values in dateFormat into ISO 8601 dates and leaves other values alone', async () => {
    const run = await runNode(csvReader, { config: { dateFormat: 'DD/MM/YYYY' }, packets: [['file-in', people]] });
    expect(run.packets['data-out']).toEqual([
      [
        { name: 'Ada', age: '36', joined: '2023-12-10' },
        { name: 'Bob', age: '41', joined: '2024-02-01' },
      ],
    ]);
    const timed = await runNode(csvReader, { config: { dateFormat: 'YYYY-MM-DD HH:mm' }, packets: [['file-in', 'at\n2024-03-10 09:30\n']] });
    expect(timed.packets['data-out']).toEqual([[{ at: '2024-03-10T09:30:00.000Z' }]]);
  });

  it('sends bad rows to errors-out with their line numbers and still emits the good rows', async () => {
    const text = 'name,age\nAda,36\nBob,41,extra\nCy,7\n"Dee,9\n';
    const run = await runNode(csvReader, { packets: [['file-in', text]] });
    expect(run.packets['data-out']).toEqual([[{ name: 'Ada', age: '36' }, { name: 'Cy', age: '7' }]]);
    expect(run.packets['errors-out']).toEqual([
      { message: expect.stringContaining('Invalid Record Length'), line: 3, code: 'CSV_RECORD_INCONSISTENT_COLUMNS' },
      { message: expect.stringContaining('Quote Not Closed'), line: 5, code: 'CSV_QUOTE_NOT_CLOSED' },
    ]);
  });

  it('still emits the good rows when errors-out is not connected', async () => {
    const run = await runNode(csvReader, { packets: [['file-in', 'a,b\n1,2\n3\n']], collect: ['data-out'] });
    expect(run.result.success).toBe(true);
    expect(run.packets['data-out']).toEqual([[{ a: '1', b: '2' }]]);
  });

  it('reads {text} and {base64} packets, decoding bytes with the encoding', async () => {
    const text = await runNode(csvReader, { packets: [['file-in', { text: 'x\n1' }]] });
    expect(text.packets['data-out']).toEqual([[{ x: '1' }]]);
    const latin1 = Buffer.from('name\nJosé\n', 'latin1').toString('base64');
    const bytes = await runNode(csvReader, { config: { encoding: 'latin1' }, packets: [['file-in', { base64: latin1 }]] });
    expect(bytes.packets['data-out']).toEqual([[{ name: 'José' }]]);
  });

  it('refuses a path when the host gave no base directory, and an unknown packet shape', async () => {
    const path = await runNode(csvReader, { packets: [['file-in', { path: 'people.csv' }]] });
    expect(path.packets['errors-out']).toEqual([{ message: 'Reading CSV files by path is not enabled on this server (set files_dir); send the content instead' }]);
    const shape = await runNode(csvReader, { packets: [['file-in', 42]] });
    expect(shape.packets['errors-out']).toEqual([{ message: 'file-in must be CSV text, {text}, {base64} or {path}' }]);
  });

  it('rejects an invalid option when the graph is validated', async () => {
    await expect(runNode(csvReader, { config: { delimiter: ':' }, packets: [['file-in', people]] })).rejects.toThrow("config 'delimiter'");
    await expect(runNode(csvReader, { config: { skipRows: -1 }, packets: [['file-in', people]] })).rejects.toThrow("config 'skipRows'");
  });
});

describe('tpl_csv_reader with a base directory', () => {
  let root: string;
  let base: string;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'csv-reader-'));
    base = join(root, 'allowed');
    await mkdir(join(base, 'sub'), { recursive: true });
    await writeFile(join(base, 'sub', 'people.csv'), Buffer.from('name\nJosé\n', 'latin1'));
    await writeFile(join(root, 'secret.csv'), 'secret\n42\n');
    await symlink(join(root, 'secret.csv'), join(base, 'link.csv'));
  });

  afterAll(() => rm(root, { recursive: true, force: true }));

  it('reads a file inside the directory with the encoding', async () => {
    const reader = createCsvReader({ baseDirectory: base });
    const run = await runNode(reader, { config: { encoding: 'latin1' }, packets: [['file-in', { path: 'sub/people.csv' }]] });
    expect(run.packets['data-out']).toEqual([[{ name: 'José' }]]);
  });

  it('refuses paths that leave the directory, by .., by an absolute path or through a symbolic link', async () => {
    const reader = createCsvReader({ baseDirectory: base });
    for (const path of ['../secret.csv', join(root, 'secret.csv'), 'link.csv']) {
      const run = await runNode(reader, { packets: [['file-in', { path }]] });
      expect(run.packets['data-out']).toBeUndefined();
      expect(run.packets['errors-out']).toEqual([{ message: `CSV file '${path}' is outside the allowed directory (files_dir)` }]);
    }
    const missing = await runNode(reader, { packets: [['file-in', { path: 'nope.csv' }]] });
    expect(missing.packets['errors-out']).toEqual([{ message: "CSV file 'nope.csv' was not found" }]);
  });
});
