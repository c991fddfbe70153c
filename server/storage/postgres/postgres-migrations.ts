import type pg from 'pg';
import { type PostgresNamespace } from './postgres-namespace';

/** One step of the PostgreSQL layout: applied once per namespace, in version order, and never edited once released. */
export interface PostgresMigration {
  version: number;
  /** The statements of the step, given the quoted schema name. */
  sql: (schema: string) => string;
}

/**
 * The layout of the execution store, step by step. Ids sort bytewise (`COLLATE "C"`), as in SQLite and in
 * memory, so that listing pages and row locks come in the same order on every node whatever the database's locale.
 */
export const POSTGRES_MIGRATIONS: readonly PostgresMigration[] = [
  {
    version: 1,
    sql: (s) => `
      CREATE TABLE ${s}.executions (
        id TEXT COLLATE "C" PRIMARY KEY,
        status TEXT NOT NULL,
        workflow_id TEXT NOT NULL,
        source TEXT NOT NULL,
        node_id TEXT,
        fingerprint TEXT NOT NULL,
        request TEXT NOT NULL,
        result TEXT,
        created_at BIGINT NOT NULL,
        started_at BIGINT,
        ended_at BIGINT
      );
      CREATE INDEX executions_by_time ON ${s}.executions (created_at DESC, id DESC);
      CREATE INDEX executions_by_status ON ${s}.executions (status, created_at DESC, id DESC);
      CREATE INDEX executions_by_workflow ON ${s}.executions (workflow_id, created_at DESC, id DESC);
      CREATE INDEX executions_unfinished ON ${s}.executions (node_id) WHERE status IN ('queued', 'running');
      CREATE TABLE ${s}.events (
        execution_id TEXT COLLATE "C" NOT NULL,
        seq INTEGER NOT NULL,
        body TEXT NOT NULL,
        CONSTRAINT events_by_seq UNIQUE (execution_id, seq)
      );
    `,
  },
];

/**
 * Creates the namespace's schema and applies the steps it lacks, in one transaction holding the namespace's
 * advisory lock: nodes that start together wait for each other, and each step is applied once. Answers the
 * versions applied now.
 */
export async function applyMigrations(client: pg.ClientBase, namespace: PostgresNamespace, migrations: readonly PostgresMigration[] = POSTGRES_MIGRATIONS): Promise<number[]> {
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
