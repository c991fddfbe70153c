import pg from 'pg';
import { POSTGRES_MIGRATIONS } from './postgres-migrations';
import { applyMigrations } from './postgres-migrator';
import { type PostgresNamespace } from './postgres-namespace';

/**
 * Opens a pool of at most `max` connections and applies the migrations `namespace` lacks; when that fails the
 * pool is ended again and the error thrown.
 */
export async function openMigratedPool(config: pg.ClientConfig, max: number, namespace: PostgresNamespace): Promise<pg.Pool> {
  const pool = new pg.Pool({ ...config, max });
  // An idle connection the server drops (a restart, an idle timeout) must not crash the process.
  pool.on('error', () => undefined);
  try {
    const client = await pool.connect();
    try {
      await applyMigrations(client, namespace, POSTGRES_MIGRATIONS);
    } finally {
      client.release();
    }
    return pool;
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
}
