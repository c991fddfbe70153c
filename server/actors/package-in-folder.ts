import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ActorPackage } from '../engine';

/**
 * The package whose folder is `dir`, as its package.json names it: what GET /actors shows as the origin of the
 * actors loaded from there. A folder without package.json, or a package.json without a name, goes by the name the
 * configuration lists it under; a version it does not state is null.
 * @param listedAs - the package as the configuration lists it (`actor_packages`, `noflo_component_packages`)
 */
export function packageInFolder(dir: string, listedAs: string): ActorPackage {
  const manifest = manifestIn(dir);
  return {
    name: typeof manifest.name === 'string' && manifest.name !== '' ? manifest.name : listedAs,
    version: typeof manifest.version === 'string' && manifest.version !== '' ? manifest.version : null,
  };
}

// The package.json of a folder, or nothing when there is none or it is no JSON object (the package loaded anyway).
function manifestIn(dir: string): { name?: unknown; version?: unknown } {
  const file = join(dir, 'package.json');
  if (!existsSync(file)) return {};
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return typeof parsed === 'object' && parsed !== null ? parsed : {};
  } catch {
    return {};
  }
}
