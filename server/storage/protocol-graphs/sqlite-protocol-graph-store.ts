import type Database from 'better-sqlite3';
import { type JsonObject } from '../../../model';
import { type Logger, silentLogger } from '../../logger';
import { GroupCommit } from '../group-commit';
import { SQLITE_PROTOCOL_GRAPH_MIGRATIONS, openSqlite } from '../sqlite';
import { ProtocolGraphBatch } from './protocol-graph-batch';
import { type ProtocolGraphStore } from './protocol-graph-store';

/**
 * The FBP protocol runtime's graphs in a SQLite file (`protocol-graphs.db` under `data_dir`), so that graphs
 * built over the protocol survive a restart. A put is written behind, with the others of its turn of the event
 * loop in one transaction (see {@link GroupCommit}), each graph once: a client that sends a burst of commands has
 * its graph written once, not once per command. A write that fails is logged; the runtime goes on with the graph
 * in memory.
 */
export class SqliteProtocolGraphStore implements ProtocolGraphStore {
  private readonly db: Database.Database;
  private readonly upsert: Database.Statement;
  private readonly remove: Database.Statement;
  private readonly writes = new GroupCommit(
    () => new ProtocolGraphBatch(),
    (batch) => this.commit(batch),
  );

  /** Opens (creating when needed) the database file; `':memory:'` keeps it in memory. */
  constructor(
    path: string,
    private readonly logger: Logger = silentLogger,
  ) {
    this.db = openSqlite(path, SQLITE_PROTOCOL_GRAPH_MIGRATIONS);
    this.upsert = this.db.prepare('INSERT INTO protocol_graphs (id, document) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET document = excluded.document');
    this.remove = this.db.prepare('DELETE FROM protocol_graphs WHERE id = ?');
  }

  documents(): Map<string, JsonObject> {
    this.writes.commitNow();
    const rows = this.db.prepare('SELECT id, document FROM protocol_graphs ORDER BY rowid').all() as { id: string; document: string }[];
    return new Map(rows.map((row) => [row.id, JSON.parse(row.document) as JsonObject]));
  }

  put(id: string, document: JsonObject): void {
    if (this.db.open) this.writes.next().documents.set(id, document);
  }

  delete(id: string): void {
    if (this.db.open) this.writes.next().documents.set(id, null);
  }

  close(): void {
    if (!this.db.open) return;
    this.writes.commitNow();
    this.db.close();
  }

  private commit(batch: ProtocolGraphBatch): void {
    if (!this.db.open) return;
    try {
      this.db.transaction(() => {
        for (const [id, document] of batch.documents) {
          if (document === null) this.remove.run(id);
          else this.upsert.run(id, JSON.stringify(document));
        }
      })();
    } catch (error) {
      this.logger.error({ err: error, graphs: [...batch.documents.keys()] }, 'Could not write FBP protocol graphs to SQLite');
    }
  }
}
