import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type IsolatedVm from 'isolated-vm';

const load = createRequire(__filename);

/**
 * The isolated-vm module of this Node. isolated-vm 5 builds for Node 20 and no later V8; isolated-vm 6 (installed
 * as `isolated-vm-v6`) ships binaries for Node 22 and 24 and builds for nothing older. Both are optional
 * dependencies: npm installs the one that builds on the Node it runs on and skips the other.
 *
 * The addon is required by its full file name: the package entries require it without an extension, which
 * Jest's resolver (no `node` in `moduleFileExtensions`) cannot follow.
 */
function loadIsolatedVm(): typeof IsolatedVm {
  const major = Number(process.versions.node.split('.')[0]);
  const addon = major >= 22 ? v6Addon() : 'isolated-vm/out/isolated_vm.node';
  try {
    return (load(addon) as { ivm: typeof IsolatedVm }).ivm;
  } catch (error) {
    const wanted = major >= 22 ? 'isolated-vm-v6 (isolated-vm 6)' : 'isolated-vm 5';
    throw new Error(`JavaScript sandboxes need ${wanted} on Node ${process.versions.node}; run npm install again on this Node: ${(error as Error).message}`);
  }
}

/** The path of isolated-vm 6's addon: its binary for this platform and Node, or the one built from source. */
function v6Addon(): string {
  const manifest = load.resolve('isolated-vm-v6/package.json');
  return (createRequire(manifest)('node-gyp-build') as { resolve: (dir: string) => string }).resolve(dirname(manifest));
}

export const ivm = loadIsolatedVm();
