import { createRequire } from 'node:module';
import type Database from 'better-sqlite3';

const load = createRequire(__filename);

/**
 * better-sqlite3 for this Node. Version 12 runs on Node 20; on Node 24.19 and later its statements, finalized by
 * the garbage collector, can abort the process (their destructor calls a Node hook that asserts an environment
 * that may be gone). Version 13, on Node-API and installed as `better-sqlite3-v13`, fixes that but needs Node 22.
 */
export const BetterSqlite3: typeof Database =
  Number(process.versions.node.split('.')[0]) >= 22 ? (load('better-sqlite3-v13') as typeof Database) : (load('better-sqlite3') as typeof Database);
