import { readFile, realpath, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';

/**
 * Reads a file a graph names by path, only inside the directory the operator configured (`files_dir`), with
 * symbolic links resolved before the check, and at most `maxBytes`.
 * @param what - what the file is, for messages: `CSV`, `Excel`
 * @throws Error naming the problem: path reading off, a path outside the directory, missing, not a file, too large
 */
export async function readConfinedFile(path: string, directory: string | undefined, maxBytes: number, what: string, signal?: AbortSignal): Promise<Buffer> {
  if (directory === undefined) throw new Error(`Reading ${what} files by path is not enabled on this server (set files_dir); send the content instead`);
  const base = await realpath(directory);
  let target: string;
  try {
    target = await realpath(resolve(base, path));
  } catch {
    throw new Error(`${what} file '${path}' was not found`);
  }
  if (target !== base && !target.startsWith(base + sep)) throw new Error(`${what} file '${path}' is outside the allowed directory (files_dir)`);
  const info = await stat(target);
  if (!info.isFile()) throw new Error(`${what} file '${path}' is not a file`);
  if (info.size > maxBytes) throw new Error(`${what} file '${path}' is larger than ${maxBytes} bytes`);
  return readFile(target, { signal });
}
