import type pg from 'pg';
import { type PostgresNamespace } from './postgres-namespace';

/** One step of the PostgreSQL layout: applied once per namespace, in version order, and never edited once released. */
export interface PostgresMigration {
  version: number;
  /** The statements of the step, given the quoted schema name. */
  sql: (schema: string) => string;
}

/**
 * Creates the namespace's schema and applies the steps it lacks, in one transaction holding the namespace's
 * advisory lock: nodes that start together wait for each other, and each step is applied once. Answers the
 * versions applied now.
 */
export async function applyMigrations(client: pg.ClientBase, namespace: PostgresNamespace, migrations: readonly PostgresMigration[]): Promise<number[]> {
  const schema = client.escapeIdentifier(namespace.schema);
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1::bigint)', [namespace.lockKey]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(`CREATE TABLE IF NOT EXISTS ${schema}.schema_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`);
    const { rows } = await client.query<{ version: number }>(`SELECT version FROM ${schema}.schema_migrations`);
    const done = new Set(rows.map((row) => row.version));
    const applied: number[] = [];
    for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
      if (done.has(migration.version)) continue;
      await client.query(migration.sql(schema));
      await client.query(`INSERT INTO ${schema}.schema_migrations (version) VALUES ($1)`, [migration.version]);
      applied.push(migration.version);
    }
    await client.query('COMMIT');
    return applied;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
