import pg from 'pg';
import { type EngineEvent, type JournalEntry } from '../../engine';
import { decodeCursor, encodeCursor } from './execution-cursor';
import { type ExecutionRecord, type ExecutionUpdate, eventJson, resultJson } from '../../executions';
import { assertFollows, isAsExpected, terminalUpdate } from './execution-rules';
import { type ExecutionPage, type ExecutionQuery, type ExecutionStore, type PruneLimits, type TerminalEventOf } from './execution-store';
import { type AppendListener, PostgresAppendListener, appendPayload } from './postgres-append-listener';
import { type ExecutionRow, toRecord } from './execution-row';
import { type JournalRow, toJournalEntry } from './journal-queue';
import { connectionConfig, openMigratedPool, postgresNamespace, redacted, transaction } from '../postgres';
import { UNFINISHED_SQL } from '../terminal-status-sql';
import { type PostgresTables, WriteBatch, writeBatch } from './postgres-write-batch';
import { GroupCommit } from '../group-commit';
import { PostgresClaims } from './postgres-claims';
import { NewestEntries } from '../newest-entries';
import { isTerminalStatus } from '../../../model';

/** Where a {@link PostgresExecutionStore} keeps its executions. */
export interface PostgresStoreOptions {
  /** `postgres://user:password@host:port/database` */
  url: string;
  /** Stores of the same namespace share their executions; those of other namespaces never see them. */
  namespace: string;
  /** @default 10 */
  poolSize?: number;
  /**
   * The node this store writes for: its writes to an execution running on another node (one that took it over
   * while this node stalled) are dropped. When absent, every write of a running execution is kept.
   */
  nodeId?: string;
}

const PROBE_TIMEOUT_MS = 2000;
const RECONNECT_DELAY_MS = 1000;
/** How many logs the store remembers the length of, to refuse a seq that does not follow. */
const KNOWN_LOGS = 100_000;

/**
 * An {@link ExecutionStore} in PostgreSQL, shared by the nodes of a cluster. Writes are queued and committed
 * together, one transaction per turn of the event loop and one at a time, in order; reads first wait for the
 * writes queued before them. Each commit that logs events notifies every node's {@link onAppended} listeners.
 */
export class PostgresExecutionStore implements ExecutionStore {
  private readonly lastSeqs = new NewestEntries<string, number>(KNOWN_LOGS);
  private readonly writes = new GroupCommit(
    () => new WriteBatch(),
    (batch) => this.commit(batch),
  );
  private closing: Promise<void> | undefined;
  /** Set when a write came after `close`: it was dropped, and `written()` says so. */
  private droppedWrites = false;
  /**
   * Executions that may have journal rows: written or read by this store, or adopted. A terminal update deletes
   * the journal of these only, so that a run that journals nothing pays no statement for it.
   */
  private readonly journaled = new Set<string>();
  private readonly claims: PostgresClaims;

  private constructor(
    private readonly pool: pg.Pool,
    private readonly tables: PostgresTables,
    private readonly channel: string,
    private readonly listener: PostgresAppendListener,
    private readonly nodeId: string | undefined,
  ) {
    this.claims = new PostgresClaims(pool, tables);
  }

  /**
   * Connects, applies the migrations the namespace lacks and starts listening for appends.
   * @throws Error naming the database when it cannot be reached or migrated
   */
  static async open(options: PostgresStoreOptions): Promise<PostgresExecutionStore> {
    const config = connectionConfig(options.url);
    const names = postgresNamespace(options.namespace);
    let pool: pg.Pool | undefined;
    try {
      pool = await openMigratedPool(config, options.poolSize ?? 10, names);
      const listener = await PostgresAppendListener.open(config, names.channel, RECONNECT_DELAY_MS);
      const schema = pg.escapeIdentifier(names.schema);
      const tables = { executions: `${schema}.executions`, events: `${schema}.events`, journal: `${schema}.journal` };
      return new PostgresExecutionStore(pool, tables, names.channel, listener, options.nodeId);
    } catch (error) {
      await pool?.end().catch(() => undefined);
      throw new Error(`Cannot open the execution store at ${redacted(options.url)}: ${(error as Error).message}`, { cause: error });
    }
  }

  insert(record: ExecutionRecord): void {
    if (this.dropsWrites()) return;
    this.writes.next().inserts.set(record.id, { ...record });
    this.knowLength(record.id, 0);
  }

  update(id: string, update: ExecutionUpdate): void {
    if (this.dropsWrites()) return;
    const batch = this.writes.next();
    batch.update(id, update);
    if (update.status !== undefined && isTerminalStatus(update.status) && this.journaled.delete(id)) batch.journal.dropped.add(id);
  }

  appendEvent(executionId: string, event: EngineEvent): void {
    const last = this.lastSeqs.get(executionId);
    if (last !== undefined) assertFollows(executionId, event.seq, last);
    if (this.dropsWrites()) return;
    this.writes.next().events.push({ executionId, seq: event.seq, body: eventJson(event) });
    this.knowLength(executionId, event.seq);
  }

  // Whether the execution is finished is checked when the batch is written, as for events.
  appendJournal(executionId: string, entry: JournalEntry): void {
    if (this.dropsWrites()) return;
    this.writes.next().journal.append(executionId, entry);
    this.journaled.add(executionId);
  }

  written(): Promise<void> {
    if (this.droppedWrites) return Promise.reject(new Error('The execution store is closed: writes made after it closed were dropped'));
    return this.writes.written();
  }

  /**
   * Calls `listener` whenever a node (this one included) has committed events of an execution of the namespace,
   * with the seq of the last one; a read made then sees them. After the listening connection was lost and is back,
   * it is called once with `EVERY_EXECUTION` ('*') and 0: any log may have grown meanwhile. Answers the function
   * that stops the calls.
   */
  onAppended(listener: AppendListener): () => void {
    return this.listener.add(listener);
  }

  async get(id: string): Promise<ExecutionRecord | undefined> {
    await this.caughtUp();
    const { rows } = await this.pool.query<ExecutionRow>(`SELECT * FROM ${this.tables.executions} WHERE id = $1`, [id]);
    return rows[0] && toRecord(rows[0]);
  }

  async list(query: ExecutionQuery): Promise<ExecutionPage> {
    const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    const where: string[] = [];
    const params: (string | number)[] = [];
    const param = (value: string | number): string => `$${params.push(value)}`;
    if (query.status !== undefined) where.push(`status = ${param(query.status)}`);
    if (query.workflowId !== undefined) where.push(`workflow_id = ${param(query.workflowId)}`);
    if (query.deploymentId !== undefined) where.push(`deployment_id = ${param(query.deploymentId)}`);
    if (query.tenant !== undefined) where.push(`tenant = ${param(query.tenant)}`);
    if (after !== undefined) where.push(`(created_at, id) < (${param(after.createdAt)}, ${param(after.id)})`);
    const sql = `SELECT * FROM ${this.tables.executions} ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY created_at DESC, id DESC LIMIT ${param(query.limit + 1)}`;
    await this.caughtUp();
    const { rows } = await this.pool.query<ExecutionRow>(sql, params);
    const items = rows.slice(0, query.limit).map(toRecord);
    const last = items[items.length - 1];
    return { items, nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null };
  }

  async readEvents(executionId: string, fromSeq: number, limit: number): Promise<EngineEvent[]> {
    await this.caughtUp();
    const { rows } = await this.pool.query<{ body: string }>(
      `SELECT body FROM ${this.tables.events} WHERE execution_id = $1 AND seq >= $2 ORDER BY seq LIMIT $3`,
      [executionId, fromSeq, limit],
    );
    return rows.map((row) => JSON.parse(row.body) as EngineEvent);
  }

  async lastSeq(executionId: string): Promise<number> {
    await this.caughtUp();
    const { rows } = await this.pool.query<{ seq: number }>(`SELECT COALESCE(MAX(seq), 0) AS seq FROM ${this.tables.events} WHERE execution_id = $1`, [
      executionId,
    ]);
    return rows[0].seq;
  }

  async readJournal(executionId: string): Promise<JournalEntry[]> {
    await this.caughtUp();
    const { rows } = await this.pool.query<JournalRow>(
      `SELECT node_path, firing, outcome FROM ${this.tables.journal}
       WHERE execution_id = $1 AND EXISTS (SELECT 1 FROM ${this.tables.executions} WHERE id = $1 AND ${UNFINISHED_SQL})
       ORDER BY written`,
      [executionId],
    );
    if (rows.length > 0) this.journaled.add(executionId);
    return rows.map(toJournalEntry);
  }

  async listUnfinished(nodeId?: string): Promise<ExecutionRecord[]> {
    await this.caughtUp();
    const { rows } = await this.pool.query<ExecutionRow>(
      `SELECT * FROM ${this.tables.executions} WHERE ${UNFINISHED_SQL} AND ($1::text IS NULL OR node_id = $1) ORDER BY created_at, id`,
      [nodeId ?? null],
    );
    return rows.map(toRecord);
  }

  async countUnfinished(tenant: string): Promise<number> {
    await this.caughtUp();
    const { rows } = await this.pool.query<{ count: number }>(
      `SELECT COUNT(*)::int AS count FROM ${this.tables.executions} WHERE tenant = $1 AND ${UNFINISHED_SQL}`,
      [tenant],
    );
    return rows[0].count;
  }

  async claim(id: string, nodeId: string, startedAt: number): Promise<ExecutionRecord | undefined> {
    await this.caughtUp();
    const row = await this.claims.claim(id, nodeId, startedAt);
    if (!row) return undefined;
    this.knowLength(id, row.last_seq);
    return toRecord(row);
  }

  async adopt(id: string, fromNodeId: string, toNodeId: string): Promise<ExecutionRecord | undefined> {
    await this.caughtUp();
    const { rows } = await this.pool.query<ExecutionRow & { last_seq: number }>(
      `WITH adopted AS (
         UPDATE ${this.tables.executions} SET node_id = $3 WHERE id = $1 AND status = 'running' AND node_id = $2 RETURNING *
       )
       SELECT adopted.*, (SELECT COALESCE(MAX(seq), 0) FROM ${this.tables.events} WHERE execution_id = $1) AS last_seq FROM adopted`,
      [id, fromNodeId, toNodeId],
    );
    if (!rows[0]) return undefined;
    this.knowLength(id, rows[0].last_seq);
    // The run goes on here with the journal the node it comes from wrote: its end deletes that journal.
    this.journaled.add(id);
    return toRecord(rows[0]);
  }

  // What a stopped node left may have journal rows no node knows of: they go whatever this store knows.
  async conclude(id: string, expected: { status: 'queued' | 'running'; nodeId?: string }, end: TerminalEventOf): Promise<boolean> {
    await this.caughtUp();
    const event = await transaction(this.pool, async (client) => {
      const { rows } = await client.query<ExecutionRow>(`SELECT * FROM ${this.tables.executions} WHERE id = $1 FOR UPDATE`, [id]);
      const row = rows[0];
      if (!row || !isAsExpected({ status: row.status, nodeId: row.node_id }, expected)) return undefined;
      const last = await client.query<{ seq: number }>(`SELECT COALESCE(MAX(seq), 0) AS seq FROM ${this.tables.events} WHERE execution_id = $1`, [id]);
      const lastSeq = last.rows[0].seq;
      const terminal = end(toRecord(row), lastSeq);
      assertFollows(id, terminal.seq, lastSeq);
      await client.query(`INSERT INTO ${this.tables.events} (execution_id, seq, body) VALUES ($1, $2, $3)`, [id, terminal.seq, eventJson(terminal)]);
      await client.query(
        `WITH journal_gone AS (DELETE FROM ${this.tables.journal} WHERE execution_id = $1)
         UPDATE ${this.tables.executions} SET status = $2, result = $3, ended_at = $4 WHERE id = $1`,
        [id, terminalUpdate(terminal).status, resultJson(terminal.result), terminal.timestamp],
      );
      await client.query('SELECT pg_notify($1, $2)', [this.channel, appendPayload(id, terminal.seq)]);
      return terminal;
    });
    if (event) {
      this.knowLength(id, event.seq);
      this.journaled.delete(id);
    }
    return event !== undefined;
  }

  async delete(id: string): Promise<boolean> {
    await this.caughtUp();
    const { rows } = await this.pool.query<{ id: string }>(
      `WITH gone AS (DELETE FROM ${this.tables.executions} WHERE id = $1 AND NOT ${UNFINISHED_SQL} RETURNING id),
            events_gone AS (DELETE FROM ${this.tables.events} WHERE execution_id IN (SELECT id FROM gone)),
            journal_gone AS (DELETE FROM ${this.tables.journal} WHERE execution_id IN (SELECT id FROM gone))
       SELECT id FROM gone`,
      [id],
    );
    if (rows.length === 0) return false;
    this.lastSeqs.delete(id);
    this.journaled.delete(id);
    return true;
  }

  async prune(limits: PruneLimits): Promise<number> {
    if (limits.endedBefore === undefined && limits.keep === undefined && limits.oldest === undefined) return 0;
    await this.caughtUp();
    const finished = `SELECT id FROM ${this.tables.executions} WHERE NOT ${UNFINISHED_SQL}`;
    const { rows } = await this.pool.query<{ id: string }>(
      `WITH doomed AS (
         ${finished} AND ended_at < $1
         UNION (${finished} AND $2::bigint IS NOT NULL ORDER BY ended_at DESC NULLS LAST, id DESC OFFSET $2)
         UNION (${finished} AND $3::bigint IS NOT NULL ORDER BY ended_at ASC NULLS FIRST, id ASC LIMIT $3)
       ),
       gone AS (DELETE FROM ${this.tables.executions} WHERE id IN (SELECT id FROM doomed) AND NOT ${UNFINISHED_SQL} RETURNING id),
       events_gone AS (DELETE FROM ${this.tables.events} WHERE execution_id IN (SELECT id FROM gone)),
       journal_gone AS (DELETE FROM ${this.tables.journal} WHERE execution_id IN (SELECT id FROM gone))
       SELECT id FROM gone`,
      [limits.endedBefore ?? null, limits.keep ?? null, limits.oldest ?? null],
    );
    for (const row of rows) {
      this.lastSeqs.delete(row.id);
      this.journaled.delete(row.id);
    }
    return rows.length;
  }

  async unavailableReason(): Promise<string | undefined> {
    if (this.closing) return 'The execution store is closed';
    let timer: NodeJS.Timeout | undefined;
    const silence = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.pool.query('SELECT 1'), silence]);
      return undefined;
    } catch (error) {
      return `PostgreSQL is unreachable: ${(error as Error).message}`;
    } finally {
      clearTimeout(timer);
    }
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      await this.writes.settled();
      await this.listener.close();
      await this.pool.end();
    })();
    return this.closing;
  }

  // Reads see every write queued before them: they wait for those to be committed (or to have failed).
  private caughtUp(): Promise<void> {
    return this.writes.settled();
  }

  // Writes that come once the store is closing are dropped rather than thrown: a run that ends during a
  // shutdown must not fail for it; `written()` tells those who wait for them.
  private dropsWrites(): boolean {
    if (this.closing) this.droppedWrites = true;
    return this.closing !== undefined;
  }

  private async commit(batch: WriteBatch): Promise<void> {
    await writeBatch(this.pool, this.tables, this.channel, batch, this.nodeId);
    for (const id of batch.finishedIds()) this.lastSeqs.delete(id);
  }

  private knowLength(executionId: string, lastSeq: number): void {
    this.lastSeqs.set(executionId, lastSeq);
  }
}
