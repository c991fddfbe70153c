import type pg from 'pg';
import { prepared } from '../postgres';
import { type ExecutionRow } from './execution-row';
import { type PostgresTables } from './postgres-write-batch';

/** A claimed execution's row, with the seq of the last event its log holds. */
export type ClaimedRow = ExecutionRow & { last_seq: number };

interface AskedClaim {
  nodeId: string;
  startedAt: number;
  resolve: (row: ClaimedRow | undefined) => void;
  reject: (error: Error) => void;
}

/**
 * The claims of a PostgreSQL store: those asked for during one turn of the event loop are made by one statement,
 * so that a node taking several executions at once pays one round trip and one commit for all of them. The rows
 * are locked in id order, as the write batches lock theirs, so that nodes claiming and writing the same executions
 * never deadlock; a row another node claims meanwhile is read again once that node commits, and left to it. Of two
 * claims of one execution in the same turn, the first asked is the one that may win.
 */
export class PostgresClaims {
  private asked = new Map<string, AskedClaim>();
  private scheduled = false;

  private readonly sql: string;

  constructor(
    private readonly pool: pg.Pool,
    tables: PostgresTables,
  ) {
    this.sql = `WITH locked AS (
        SELECT id FROM ${tables.executions} WHERE id = ANY($1::text[]) AND status = 'queued' ORDER BY id FOR UPDATE
      ),
      claimed AS (
        UPDATE ${tables.executions} AS e SET status = 'running', node_id = a.node_id, started_at = a.started_at
        FROM unnest($1::text[], $2::text[], $3::bigint[]) AS a(id, node_id, started_at)
        WHERE e.id = a.id AND e.id IN (SELECT id FROM locked) RETURNING e.*
      )
      SELECT claimed.*, (SELECT COALESCE(MAX(seq), 0) FROM ${tables.events} WHERE execution_id = claimed.id) AS last_seq FROM claimed`;
  }

  /** Moves a queued execution to running on `nodeId`; answers its row, or undefined when it was not queued. */
  claim(id: string, nodeId: string, startedAt: number): Promise<ClaimedRow | undefined> {
    if (this.asked.has(id)) return Promise.resolve(undefined);
    return new Promise((resolve, reject) => {
      this.asked.set(id, { nodeId, startedAt, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    const asked = this.asked;
    this.asked = new Map();
    this.scheduled = false;
    const ids = [...asked.keys()];
    try {
      const { rows } = await this.pool.query<ClaimedRow>(
        prepared(this.sql, [ids, ids.map((id) => asked.get(id)?.nodeId), ids.map((id) => asked.get(id)?.startedAt)]),
      );
      const claimed = new Map(rows.map((row) => [row.id, row]));
      for (const [id, claim] of asked) claim.resolve(claimed.get(id));
    } catch (error) {
      for (const claim of asked.values()) claim.reject(error as Error);
    }
  }
}
