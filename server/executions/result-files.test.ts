import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JsonText, withJsonTexts } from '../engine';
import { ResultFiles } from './result-files';
import { resultJson, resultPieces } from './result-json';
import { limitOutputs } from './result-limit';

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

  it('reads a measured result back with its outputs parsed only when read, its text as written', async () => {
    const files = new ResultFiles(dir);
    const big = new JsonText('[ "é", {"__proto__": 1} ]', 28);
    const result = limitOutputs(
      {
        success: true,
        execution_id: 'e',
        workflow_id: 'w',
        start_time: 't0',
        end_time: 't1',
        duration_ms: 1,
        outputs: withJsonTexts({ big, n: 2 }),
        errors: [],
        nodes_executed: 1,
        nodes_failed: 0,
      },
      1000,
    );
    const ref = await files.write('run-1', resultPieces(result));
    expect(Object.keys(ref.$outputs ?? {})).toEqual(['big', 'n']);
    const read = await files.read(JSON.parse(JSON.stringify(ref)) as typeof ref);
    expect(resultJson(read)).toBe(resultJson(result));
    expect(Object.getOwnPropertyDescriptor(read.outputs, 'big')?.get).toBeDefined();
    expect(read).toEqual(JSON.parse(resultJson(result)));
    expect(JSON.stringify(read)).toBe(JSON.stringify(JSON.parse(resultJson(result))));
  });

  it('parses a result whole when its reference does not say where its outputs lie, or says it wrongly', async () => {
    const files = new ResultFiles(dir);
    const ref = await files.write('run-1', ['{"outputs":{"a":[1]}}']);
    expect(ref.$outputs).toBeUndefined();
    expect(await files.read(ref)).toEqual({ outputs: { a: [1] } });
    const read = await files.read({ ...ref, $outputs: { a: [3, 9] } });
    expect(Object.getOwnPropertyDescriptor(read.outputs, 'a')?.get).toBeUndefined();
    expect(read).toEqual({ outputs: { a: [1] } });
  });
});
