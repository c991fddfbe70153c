import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type Database from 'better-sqlite3';
import { BetterSqlite3 } from './better-sqlite3-module';
import { type SqliteMigration, applySqliteMigrations } from './sqlite-migrator';

/**
 * Opens (creating it and its directory when needed) the database file of a store and brings its layout up to
 * date; `':memory:'` keeps it in memory. Write-ahead logging with `synchronous = NORMAL`: a commit survives the
 * process, and the writes, which block the event loop, do not wait for the disk to flush.
 */
export function openSqlite(path: string, migrations: readonly SqliteMigration[]): Database.Database {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new BetterSqlite3(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  try {
    applySqliteMigrations(db, migrations);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
