import { BetterSqlite3 as Database } from './better-sqlite3-module';
import { type SqliteMigration, applySqliteMigrations } from './sqlite-migrator';

const steps: SqliteMigration[] = [
  { version: 2, apply: (db) => db.exec('ALTER TABLE t ADD COLUMN b TEXT') },
  { version: 1, apply: (db) => db.exec('CREATE TABLE t (a TEXT)') },
];

describe('applySqliteMigrations', () => {
  it('applies the steps a database lacks once each, in version order, and records the version reached', () => {
    const db = new Database(':memory:');
    expect(applySqliteMigrations(db, steps)).toEqual([1, 2]);
    expect(applySqliteMigrations(db, steps)).toEqual([]);
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    expect((db.prepare('PRAGMA table_info(t)').all() as { name: string }[]).map((column) => column.name)).toEqual(['a', 'b']);
    db.close();
  });

  it('leaves the database at the last step that succeeded when a step fails', () => {
    const db = new Database(':memory:');
    const failing: SqliteMigration = {
      version: 3,
      apply: (d) => {
        d.exec('CREATE TABLE half (x TEXT)');
        throw new Error('broken step');
      },
    };
    expect(() => applySqliteMigrations(db, [...steps, failing])).toThrow('broken step');
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'half'").get()).toBeUndefined();
    db.close();
  });
});
