import { createRequire } from 'node:module';
import type IsolatedVm from 'isolated-vm';

/**
 * The isolated-vm module. Its package entry requires the native addon without a file extension, which
 * Jest's resolver (no `node` in `moduleFileExtensions`) cannot follow, so the addon is required by its full
 * file name, the way the package entry itself exports it.
 */
export const ivm = (createRequire(__filename)('isolated-vm/out/isolated_vm.node') as { ivm: typeof IsolatedVm }).ivm;
