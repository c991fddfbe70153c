import { accessSync, constants, realpathSync, statSync } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { delimiter, join, resolve, sep } from 'node:path';

export { DEFAULT_NUSHELL_BINARY } from '../../../model';

/**
 * Where the Nushell binary is: `binary` itself when it is a path, else the first executable file of that
 * name in the directories of `searchPath`; symbolic links resolved, so that the sandbox can bind the file.
 * Undefined when there is none.
 */
export function findNushell(binary: string, searchPath: string | undefined): string | undefined {
  const candidates = binary.includes('/')
    ? [resolve(binary)]
    : (searchPath ?? '')
        .split(delimiter)
        .filter((dir) => dir !== '')
        .map((dir) => join(dir, binary));
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      const real = realpathSync(candidate);
      if (statSync(real).isFile()) return real;
    } catch {
      // Not there, or not executable: the next directory may have it.
    }
  }
  return undefined;
}

/** Why Nushell scripts cannot run, for a binary that is not found. */
export function missingNushell(binary: string): string {
  const where = binary.includes('/') ? `at ${binary}` : "on the service's PATH";
  return `NuShell scripts cannot run here: the Nushell binary '${binary}' is not ${where} (install Nushell, or set nushell_binary to its path)`;
}

/**
 * The directory a script works in: `path` inside `base` (the server's `files_dir`), symbolic links resolved
 * before the check.
 * @throws Error naming the problem: no base, missing, outside the base, not a directory
 */
export async function confinedDirectory(path: string, base: string | undefined): Promise<string> {
  if (base === undefined) throw new Error("workingDirectory needs the server's files_dir, which is not set");
  const root = await realpath(base);
  let target: string;
  try {
    target = await realpath(resolve(root, path));
  } catch {
    throw new Error(`workingDirectory '${path}' was not found under files_dir`);
  }
  if (target !== root && !target.startsWith(root + sep)) throw new Error(`workingDirectory '${path}' is outside the allowed directory (files_dir)`);
  if (!(await stat(target)).isDirectory()) throw new Error(`workingDirectory '${path}' is not a directory`);
  return target;
}
