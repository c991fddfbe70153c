import type Database from 'better-sqlite3';

/** One step of a SQLite database's layout: applied once, in version order, and never edited once released. */
export interface SqliteMigration {
  version: number;
  /** Changes the layout; runs inside the step's transaction. */
  apply: (db: Database.Database) => void;
}

/**
 * Applies the steps the database lacks, each in a transaction with the version it reaches (kept in the
 * database's `user_version`), so a step is applied once and a failed one leaves the database as it was. Answers
 * the versions applied now.
 */
export function applySqliteMigrations(db: Database.Database, migrations: readonly SqliteMigration[]): number[] {
  const current = db.pragma('user_version', { simple: true }) as number;
  const applied: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      migration.apply(db);
      db.pragma(`user_version = ${migration.version}`);
    })();
    applied.push(migration.version);
  }
  return applied;
}
