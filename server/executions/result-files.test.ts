import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ResultFiles } from './result-files';

describe('ResultFiles', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'result-files-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('counts the bytes of its files as it writes and removes them, and counts what it finds when opened again', async () => {
    const files = new ResultFiles(dir);
    const first = await files.write('run-1', ['{"outputs":{"text":"', 'é'.repeat(1000), '"}}']);
    await files.write('run-2', ['{"outputs":{}}']);
    const sizes = statSync(join(dir, first.$result_file)).size + statSync(join(dir, files.nameOf('run-2'))).size;
    expect(files.bytes).toBe(sizes);
    expect(new ResultFiles(dir).bytes).toBe(sizes);

    await files.write('run-2', ['{"outputs":{"again":true}}']);
    expect(files.bytes).toBe(statSync(join(dir, first.$result_file)).size + statSync(join(dir, files.nameOf('run-2'))).size);

    await files.remove('run-1');
    await files.remove('run-1');
    expect(files.bytes).toBe(statSync(join(dir, files.nameOf('run-2'))).size);
    await files.remove('run-2');
    expect(files.bytes).toBe(0);
  });
});
