import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

/** Whether an `actor_packages` entry is a path (it says where the package is) rather than a package name. */
export function isPath(entry: string): boolean {
  return entry.startsWith('.') || path.isAbsolute(entry);
}

// The package a name imports: `@acme/actors` of `@acme/actors/extra`, `acme-actors` of `acme-actors/extra`.
function packageNameOf(entry: string): string {
  const parts = entry.split('/');
  return entry.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * The folder of the package an `actor_packages` entry loaded, whose package.json names it and its version: for a
 * path, the folder it names (or the folder of the file it names); for a name, the package's folder in the first
 * `node_modules` that holds it, as `require` found it. Only that folder: a parent's package.json is another
 * package's.
 * @param requireFromCwd - the `require` the entry was loaded with, resolving from the service's working directory
 */
export function packageFolder(entry: string, requireFromCwd: NodeJS.Require, cwd: string): string {
  if (isPath(entry)) {
    const target = path.resolve(cwd, entry);
    return existsSync(target) && statSync(target).isDirectory() ? target : path.dirname(requireFromCwd.resolve(target));
  }
  const name = packageNameOf(entry);
  const roots = requireFromCwd.resolve.paths(entry) ?? [];
  const found = roots.find((root) => existsSync(path.join(root, name, 'package.json')));
  return found === undefined ? path.dirname(requireFromCwd.resolve(entry)) : path.join(found, name);
}
