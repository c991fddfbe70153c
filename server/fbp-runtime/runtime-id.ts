import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The file under `data_dir` that holds the FBP runtime's id. */
const RUNTIME_ID_FILE = 'fbp-runtime-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * The FBP runtime's id (a version 4 UUID, as the protocol asks), the same at every start on one data directory:
 * FBP tools (Flowhub, noflo-ui) remember runtimes by id, and one that changed at each restart would be listed
 * again each time. Made and written on the first start; a file that holds no UUID is written again.
 */
export function stableRuntimeId(dataDir: string): string {
  const path = join(dataDir, RUNTIME_ID_FILE);
  try {
    const kept = readFileSync(path, 'utf8').trim();
    if (UUID.test(kept)) return kept;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const id = randomUUID();
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(path, `${id}\n`);
  return id;
}
