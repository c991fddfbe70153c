import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CliError } from './cli-error';
import { parseInputPair, readRunInput } from './run-input';

describe('parseInputPair', () => {
  it('reads a value as JSON when it is JSON and as text otherwise', () => {
    expect(parseInputPair('x=3')).toEqual(['x', 3]);
    expect(parseInputPair('on=true')).toEqual(['on', true]);
    expect(parseInputPair('tags=["a","b"]')).toEqual(['tags', ['a', 'b']]);
    expect(parseInputPair('name=Ada Lovelace')).toEqual(['name', 'Ada Lovelace']);
    expect(parseInputPair('zip="01234"')).toEqual(['zip', '01234']);
  });

  it('splits at the first equals sign only, and takes an empty value as empty text', () => {
    expect(parseInputPair('query=a=b')).toEqual(['query', 'a=b']);
    expect(parseInputPair('blank=')).toEqual(['blank', '']);
  });

  it('refuses a pair without a key, naming it', () => {
    expect(() => parseInputPair('=3')).toThrow("--input takes key=value, not '=3'");
    expect(() => parseInputPair('lonely')).toThrow(CliError);
  });
});

describe('readRunInput', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wes-input-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('starts from the input file and lets each pair win over it', async () => {
    const file = join(dir, 'input.json');
    await writeFile(file, JSON.stringify({ x: 1, y: 2 }));
    await expect(readRunInput(['y=5', 'z=text'], file)).resolves.toEqual({ x: 1, y: 5, z: 'text' });
  });

  it('refuses an input file that is not a JSON object', async () => {
    const file = join(dir, 'list.json');
    await writeFile(file, '[1, 2]');
    await expect(readRunInput([], file)).rejects.toThrow(`The input file ${file} must hold a JSON object`);
  });

  it('names an input file that cannot be read', async () => {
    await expect(readRunInput([], join(dir, 'missing.json'))).rejects.toThrow('Cannot read the input file');
  });
});
