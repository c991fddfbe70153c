import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { type EngineEvent, isTerminalEvent } from '../engine';
import { decodeCursor, encodeCursor } from './execution-cursor';
import { type ExecutionRecord, type ExecutionUpdate } from './execution-record';
import { type ExecutionRow, toRecord } from './execution-row';
import { isTerminalStatus } from '../../model';
import { type ExecutionPage, type ExecutionQuery, type ExecutionStore, type PruneLimits, type TerminalEventOf } from './execution-store';
import { NewestEntries } from './newest-entries';
import { statusOfTerminalEvent } from './terminal-status';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS executions (
    id TEXT PRIMARY KEY,
    status TEXT NOT NULL,
    workflow_id TEXT NOT NULL,
    source TEXT NOT NULL,
    node_id TEXT,
    fingerprint TEXT NOT NULL,
    request TEXT NOT NULL,
    result TEXT,
    created_at INTEGER NOT NULL,
    started_at INTEGER,
    ended_at INTEGER
  );
  CREATE INDEX IF NOT EXISTS executions_by_time ON executions (created_at DESC, id DESC);
  CREATE INDEX IF NOT EXISTS executions_by_status ON executions (status, created_at DESC, id DESC);
  CREATE INDEX IF NOT EXISTS executions_by_workflow ON executions (workflow_id, created_at DESC, id DESC);
  CREATE TABLE IF NOT EXISTS events (
    execution_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    body TEXT NOT NULL
  );
  CREATE UNIQUE INDEX IF NOT EXISTS events_by_seq ON events (execution_id, seq);
`;

/*
 * Event bodies are a few hundred bytes each: in a table clustered on (execution_id, seq) (WITHOUT ROWID, as
 * databases of earlier versions have it) every insert moves whole bodies around the B-tree, and writing the
 * events of a short run costs about 40% more than appending rows and indexing their keys. Earlier databases
 * are moved to the rowid layout once, when opened.
 */
const MOVE_CLUSTERED_EVENTS = `
  ALTER TABLE events RENAME TO events_clustered;
  CREATE TABLE events (execution_id TEXT NOT NULL, seq INTEGER NOT NULL, body TEXT NOT NULL);
  INSERT INTO events (execution_id, seq, body) SELECT execution_id, seq, body FROM events_clustered ORDER BY execution_id, seq;
  DROP TABLE events_clustered;
`;

/** How many recently read events are kept parsed, shared by the subscribers reading them. */
const PARSED_EVENTS_KEPT = 20_000;

/** How many recently finished executions are kept in memory for status reads. */
const RECENT_FINISHED = 1024;

/**
 * An {@link ExecutionStore} in an embedded SQLite database, so executions, results and event logs survive a
 * restart. Events and status changes are written behind in batches (one transaction per turn of the event
 * loop) and served from memory until then; new executions join the same batch, and `written()` tells when
 * they are on disk; executions that are not finished are kept in memory as well, so a busy run never waits
 * on the disk for each event.
 */
export class SqliteExecutionStore implements ExecutionStore {
  private readonly db: Database.Database;
  private readonly active = new Map<string, ExecutionRecord>();
  private readonly lastSeqs = new Map<string, number>();
  private pending: { executionId: string; seq: number; body: string; event: EngineEvent }[] = [];
  private readonly updated = new Map<string, ExecutionRecord>();
  private readonly inserted = new Map<string, ExecutionRecord>();
  private readonly recent = new NewestEntries<string, ExecutionRecord>(RECENT_FINISHED);
  private readonly parsedEvents = new NewestEntries<string, EngineEvent>(PARSED_EVENTS_KEPT);
  /** Executions whose terminal event is logged: nothing is appended after it. */
  private readonly endedLogs = new Set<string>();
  private writeWaiters: { resolve: () => void; reject: (error: Error) => void }[] = [];
  private flushScheduled = false;
  private readonly statements;

  /** Opens (creating when needed) the database file; `':memory:'` keeps it in memory. */
  constructor(path: string) {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    const events = this.db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'events'").get() as { sql: string } | undefined;
    if (events?.sql.includes('WITHOUT ROWID')) this.db.transaction(() => this.db.exec(MOVE_CLUSTERED_EVENTS))();
    this.db.exec(SCHEMA);
    const columns = this.db.prepare('PRAGMA table_info(executions)').all() as { name: string }[];
    if (!columns.some((column) => column.name === 'node_id')) this.db.exec('ALTER TABLE executions ADD COLUMN node_id TEXT');
    this.statements = {
      insert: this.db.prepare(
        `INSERT INTO executions (id, status, workflow_id, source, node_id, fingerprint, request, result, created_at, started_at, ended_at)
         VALUES (@id, @status, @workflow_id, @source, @node_id, @fingerprint, @request, @result, @created_at, @started_at, @ended_at)`,
      ),
      get: this.db.prepare('SELECT * FROM executions WHERE id = ?'),
      update: this.db.prepare('UPDATE executions SET status = @status, node_id = @node_id, result = @result, started_at = @started_at, ended_at = @ended_at WHERE id = @id'),
      appendEvent: this.db.prepare('INSERT INTO events (execution_id, seq, body) VALUES (?, ?, ?)'),
      readEvents: this.db.prepare('SELECT body FROM events WHERE execution_id = ? AND seq >= ? ORDER BY seq LIMIT ?'),
      lastSeq: this.db.prepare('SELECT MAX(seq) AS seq FROM events WHERE execution_id = ?'),
      unfinished: this.db.prepare("SELECT * FROM executions WHERE status IN ('queued', 'running')"),
      deleteExecution: this.db.prepare("DELETE FROM executions WHERE id = ? AND status NOT IN ('queued', 'running')"),
      deleteEvents: this.db.prepare('DELETE FROM events WHERE execution_id = ?'),
      endedBefore: this.db.prepare("SELECT id FROM executions WHERE status NOT IN ('queued', 'running') AND ended_at < ?"),
      beyondNewest: this.db.prepare("SELECT id FROM executions WHERE status NOT IN ('queued', 'running') ORDER BY ended_at DESC, id DESC LIMIT -1 OFFSET ?"),
      oldest: this.db.prepare("SELECT id FROM executions WHERE status NOT IN ('queued', 'running') ORDER BY ended_at ASC, id ASC LIMIT ?"),
    };
  }

  // New executions are written in the turn's transaction too (group commit); `written()` tells when.
  insert(record: ExecutionRecord): void {
    this.inserted.set(record.id, { ...record });
    if (!isTerminalStatus(record.status)) this.active.set(record.id, { ...record });
    this.lastSeqs.set(record.id, 0);
    this.scheduleFlush();
  }

  written(): Promise<void> {
    if (this.inserted.size === 0 && this.pending.length === 0 && this.updated.size === 0) return Promise.resolve();
    return new Promise((resolve, reject) => this.writeWaiters.push({ resolve, reject }));
  }

  get(id: string): Promise<ExecutionRecord | undefined> {
    return Promise.resolve(this.find(id));
  }

  private find(id: string): ExecutionRecord | undefined {
    const cached = this.active.get(id) ?? this.updated.get(id) ?? this.inserted.get(id) ?? this.recent.get(id);
    if (cached) return { ...cached };
    const row = this.statements.get.get(id) as ExecutionRow | undefined;
    return row && toRecord(row);
  }

  // A status change is written behind with the events of the same turn, in their transaction: a crash loses
  // both or neither, and an execution whose `completed` was lost is still unfinished (and marked failed) on restart.
  update(id: string, update: ExecutionUpdate): void {
    const record = this.find(id);
    if (!record) throw new Error(`Execution '${id}' does not exist`);
    if (isTerminalStatus(record.status)) return;
    Object.assign(record, update);
    this.updated.set(id, record);
    if (isTerminalStatus(record.status)) {
      this.active.delete(id);
      this.remember(record);
    } else this.active.set(id, record);
    this.scheduleFlush();
  }

  list(query: ExecutionQuery): Promise<ExecutionPage> {
    return Promise.resolve(this.listNow(query));
  }

  private listNow(query: ExecutionQuery): ExecutionPage {
    this.flush();
    const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    const where: string[] = [];
    const params: (string | number)[] = [];
    if (query.status !== undefined) {
      where.push('status = ?');
      params.push(query.status);
    }
    if (query.workflowId !== undefined) {
      where.push('workflow_id = ?');
      params.push(query.workflowId);
    }
    if (after !== undefined) {
      where.push('(created_at < ? OR (created_at = ? AND id < ?))');
      params.push(after.createdAt, after.createdAt, after.id);
    }
    const sql = `SELECT * FROM executions ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY created_at DESC, id DESC LIMIT ?`;
    const rows = this.db.prepare(sql).all(...params, query.limit + 1) as ExecutionRow[];
    const items = rows.slice(0, query.limit).map((row) => this.find(row.id) ?? toRecord(row));
    const last = items[items.length - 1];
    return { items, nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null };
  }

  appendEvent(executionId: string, event: EngineEvent): void {
    const last = this.knownLastSeq(executionId);
    if (event.seq !== last + 1) throw new Error(`Event seq ${event.seq} does not follow seq ${last} of execution '${executionId}'`);
    if (this.endedLogs.has(executionId)) return;
    if (isTerminalEvent(event)) this.endedLogs.add(executionId);
    this.pending.push({ executionId, seq: event.seq, body: JSON.stringify(event), event });
    this.lastSeqs.set(executionId, event.seq);
    this.parsedEvents.set(eventKey(executionId, event.seq), event);
    if (this.pending.length >= 2000) this.flush();
    else this.scheduleFlush();
  }

  // Clients poll the executions they just ran: the last finished ones are answered from memory.
  private remember(record: ExecutionRecord): void {
    this.recent.set(record.id, record);
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => this.flush());
  }

  readEvents(executionId: string, fromSeq: number, limit: number): Promise<EngineEvent[]> {
    return Promise.resolve(this.readEventsNow(executionId, fromSeq, limit));
  }

  private readEventsNow(executionId: string, fromSeq: number, limit: number): EngineEvent[] {
    const kept = this.keptEvents(executionId, fromSeq, limit);
    if (kept !== undefined) return kept;
    const rows = this.statements.readEvents.all(executionId, fromSeq, limit) as { body: string }[];
    const stored = rows.map((row, i) => this.parsedEvent(executionId, fromSeq + i, row.body));
    if (stored.length >= limit) return stored;
    const next = stored.length > 0 ? stored[stored.length - 1].seq + 1 : fromSeq;
    const buffered = this.pending.filter((p) => p.executionId === executionId && p.seq >= next).map((p) => p.event);
    return [...stored, ...buffered].slice(0, limit);
  }

  // The followers of a live run read the events just appended, which are kept: they are answered without a
  // query when every event asked for is (the last seq of each execution this store wrote is known).
  private keptEvents(executionId: string, fromSeq: number, limit: number): EngineEvent[] | undefined {
    const last = this.lastSeqs.get(executionId);
    if (last === undefined) return undefined;
    const events: EngineEvent[] = [];
    for (let seq = fromSeq, end = Math.min(last, fromSeq + limit - 1); seq <= end; seq++) {
      const event = this.parsedEvents.get(eventKey(executionId, seq));
      if (event === undefined) return undefined;
      events.push(event);
    }
    return events;
  }

  // Every subscriber of a run reads the same rows: the last events read are parsed once and shared (events
  // are never changed once logged). Rows come back in seq order without gaps, so `seq` is known.
  private parsedEvent(executionId: string, seq: number, body: string): EngineEvent {
    const key = eventKey(executionId, seq);
    const cached = this.parsedEvents.get(key);
    if (cached !== undefined) return cached;
    const event = JSON.parse(body) as EngineEvent;
    this.parsedEvents.set(key, event);
    return event;
  }

  // A deleted id may be used again by a new execution: its old events must not be served from the cache.
  private forgetParsed(ids: ReadonlySet<string>): void {
    for (const key of this.parsedEvents.keys()) if (ids.has(key.slice(key.indexOf('\u0000') + 1))) this.parsedEvents.delete(key);
  }

  lastSeq(executionId: string): Promise<number> {
    return Promise.resolve(this.knownLastSeq(executionId));
  }

  private knownLastSeq(executionId: string): number {
    const known = this.lastSeqs.get(executionId);
    if (known !== undefined) return known;
    const row = this.statements.lastSeq.get(executionId) as { seq: number | null };
    const seq = row.seq ?? 0;
    this.lastSeqs.set(executionId, seq);
    return seq;
  }

  listUnfinished(nodeId?: string): Promise<ExecutionRecord[]> {
    this.flush();
    const records = (this.statements.unfinished.all() as ExecutionRow[]).map((row) => this.find(row.id) ?? toRecord(row));
    return Promise.resolve(nodeId === undefined ? records : records.filter((record) => record.nodeId === nodeId));
  }

  claim(id: string, nodeId: string, startedAt: number): Promise<ExecutionRecord | undefined> {
    const record = this.find(id);
    if (record?.status !== 'queued') return Promise.resolve(undefined);
    this.update(id, { status: 'running', nodeId, startedAt });
    return Promise.resolve(this.find(id));
  }

  conclude(id: string, expected: { status: 'queued' | 'running'; nodeId?: string }, end: TerminalEventOf): Promise<boolean> {
    const record = this.find(id);
    if (record?.status !== expected.status || (expected.nodeId !== undefined && record.nodeId !== expected.nodeId)) return Promise.resolve(false);
    const event = end(record, this.knownLastSeq(id));
    this.update(id, { status: statusOfTerminalEvent(event), result: event.result, endedAt: event.timestamp });
    this.appendEvent(id, event);
    return Promise.resolve(true);
  }

  delete(id: string): Promise<boolean> {
    if (this.active.has(id)) return Promise.resolve(false);
    this.flush();
    return Promise.resolve(this.deleteNow(id));
  }

  private deleteNow(id: string): boolean {
    return this.db.transaction(() => {
      const deleted = this.statements.deleteExecution.run(id).changes > 0;
      if (deleted) {
        this.statements.deleteEvents.run(id);
        this.lastSeqs.delete(id);
        this.recent.delete(id);
        this.endedLogs.delete(id);
        this.forgetParsed(new Set([id]));
      }
      return deleted;
    })();
  }

  // Deleted rows leave free pages that SQLite reuses, and the write-ahead log is truncated, so that what a
  // prune frees shows in the data directory's measure at once.
  prune(limits: PruneLimits): Promise<number> {
    this.flush();
    const ids = new Set<string>();
    if (limits.endedBefore !== undefined) for (const row of this.statements.endedBefore.all(limits.endedBefore) as { id: string }[]) ids.add(row.id);
    if (limits.keep !== undefined) for (const row of this.statements.beyondNewest.all(limits.keep) as { id: string }[]) ids.add(row.id);
    if (limits.oldest !== undefined) for (const row of this.statements.oldest.all(limits.oldest) as { id: string }[]) ids.add(row.id);
    this.db.transaction(() => {
      for (const id of ids) {
        this.statements.deleteExecution.run(id);
        this.statements.deleteEvents.run(id);
        this.lastSeqs.delete(id);
        this.recent.delete(id);
        this.endedLogs.delete(id);
      }
    })();
    if (ids.size > 0) {
      this.forgetParsed(ids);
      this.db.pragma('wal_checkpoint(TRUNCATE)');
    }
    return Promise.resolve(ids.size);
  }

  /** Bytes of the database's free pages: space it reuses before it grows its file (what deleted executions leave). */
  freeBytes(): number {
    if (!this.db.open) return 0;
    return (this.db.pragma('freelist_count', { simple: true }) as number) * (this.db.pragma('page_size', { simple: true }) as number);
  }

  /** Writes buffered executions, events and status changes to the database now, in one transaction. */
  flush(): void {
    this.flushScheduled = false;
    const waiters = this.writeWaiters;
    this.writeWaiters = [];
    if ((this.inserted.size === 0 && this.pending.length === 0 && this.updated.size === 0) || !this.db.open) {
      for (const waiter of waiters) waiter.resolve();
      return;
    }
    // An execution that starts and changes state within one turn is written once, in its latest state.
    const inserts = [...this.inserted.values()].map((record) => this.updated.get(record.id) ?? record);
    const batch = this.pending;
    const updates = [...this.updated.values()].filter((record) => !this.inserted.has(record.id));
    this.inserted.clear();
    this.pending = [];
    this.updated.clear();
    try {
      this.writeBatch(inserts, batch, updates);
    } catch (error) {
      for (const waiter of waiters) waiter.reject(error as Error);
      throw error;
    }
    for (const waiter of waiters) waiter.resolve();
  }

  private writeBatch(inserts: readonly ExecutionRecord[], batch: readonly { executionId: string; seq: number; body: string }[], updates: readonly ExecutionRecord[]): void {
    this.db.transaction(() => {
      for (const record of inserts) {
        this.statements.insert.run({
          id: record.id,
          status: record.status,
          workflow_id: record.workflowId,
          source: record.source,
          node_id: record.nodeId,
          fingerprint: record.fingerprint,
          request: JSON.stringify(record.request),
          result: record.result === null ? null : JSON.stringify(record.result),
          created_at: record.createdAt,
          started_at: record.startedAt,
          ended_at: record.endedAt,
        });
      }
      for (const p of batch) this.statements.appendEvent.run(p.executionId, p.seq, p.body);
      for (const record of updates) {
        this.statements.update.run({
          id: record.id,
          status: record.status,
          node_id: record.nodeId,
          result: record.result === null ? null : JSON.stringify(record.result),
          started_at: record.startedAt,
          ended_at: record.endedAt,
        });
      }
    })();
  }

  unavailableReason(): Promise<string | undefined> {
    if (!this.db.open) return Promise.resolve('The execution store is closed');
    return Promise.resolve(this.db.readonly ? 'The execution store is read-only' : undefined);
  }

  close(): Promise<void> {
    if (this.db.open) {
      this.flush();
      this.db.close();
    }
    return Promise.resolve();
  }
}

// Adds an entry to a map used as a cache of the newest entries, dropping the oldest beyond `limit`.
/** The key of an event among those kept in memory. */
function eventKey(executionId: string, seq: number): string {
  return `${seq}\u0000${executionId}`;
}
