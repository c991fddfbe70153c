import type Database from 'better-sqlite3';
import { type DeploymentRecord, type DeploymentUpdate, type TriggerState } from '../../deployments';
import { SQLITE_DEPLOYMENT_MIGRATIONS, openSqlite } from '../sqlite';
import { type DeploymentStore } from './deployment-store';

interface DeploymentRow {
  id: string;
  request: string;
  created_at: number;
  triggers: string;
  revised_at: number | null;
  paused: number;
  tenant: string | null;
}

/** Deployments in a SQLite file (`deployments.db` under `data_dir`), so that they and their trigger counts survive a restart. */
export class SqliteDeploymentStore implements DeploymentStore {
  private readonly db: Database.Database;

  constructor(file: string) {
    this.db = openSqlite(file, SQLITE_DEPLOYMENT_MIGRATIONS);
  }

  insert(record: DeploymentRecord): boolean {
    const { changes } = this.db
      .prepare('INSERT OR IGNORE INTO deployments (id, request, created_at, triggers, revised_at, paused, tenant) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(
        record.id,
        JSON.stringify(record.request),
        record.createdAt,
        JSON.stringify(record.triggers),
        record.revisedAt ?? null,
        Number(record.paused === true),
        record.tenant ?? null,
      );
    return changes === 1;
  }

  get(id: string): DeploymentRecord | undefined {
    const row = this.db.prepare('SELECT * FROM deployments WHERE id = ?').get(id) as DeploymentRow | undefined;
    return row && toRecord(row);
  }

  list(): DeploymentRecord[] {
    return (this.db.prepare('SELECT * FROM deployments ORDER BY created_at, id').all() as DeploymentRow[]).map(toRecord);
  }

  update(id: string, update: DeploymentUpdate): boolean {
    const paused = update.paused === undefined ? null : Number(update.paused);
    const statement =
      update.request === undefined
        ? this.db.prepare('UPDATE deployments SET paused = ? WHERE id = ?').bind(paused, id)
        : this.db
            .prepare("UPDATE deployments SET request = ?, revised_at = ?, triggers = '{}', paused = coalesce(?, paused) WHERE id = ?")
            .bind(JSON.stringify(update.request), update.revisedAt, paused, id);
    return statement.run().changes === 1;
  }

  delete(id: string): boolean {
    return this.db.prepare('DELETE FROM deployments WHERE id = ?').run(id).changes === 1;
  }

  saveTrigger(id: string, nodeId: string, state: TriggerState): void {
    this.db.prepare("UPDATE deployments SET triggers = json_set(triggers, '$.' || json_quote(?), json(?)) WHERE id = ?").run(nodeId, JSON.stringify(state), id);
  }

  close(): void {
    this.db.close();
  }
}

function toRecord(row: DeploymentRow): DeploymentRecord {
  return {
    id: row.id,
    request: JSON.parse(row.request),
    createdAt: row.created_at,
    ...(row.revised_at === null ? {} : { revisedAt: row.revised_at }),
    ...(row.paused ? { paused: true } : {}),
    ...(row.tenant === null ? {} : { tenant: row.tenant }),
    triggers: JSON.parse(row.triggers),
  };
}
