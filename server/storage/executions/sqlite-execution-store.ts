import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { type EngineEvent, isTerminalEvent } from '../../engine';
import { decodeCursor, encodeCursor } from './execution-cursor';
import { type ExecutionRecord, type ExecutionUpdate } from '../../executions';
import { type ExecutionRow, toRecord } from './execution-row';
import { isTerminalStatus } from '../../../model';
import { type ExecutionPage, type ExecutionQuery, type ExecutionStore, type PruneLimits, type TerminalEventOf } from './execution-store';
import { resultWithoutRun } from '../../executions';
import { NewestEntries } from '../newest-entries';
import { LARGE_RESULT_CHARS, type ResultFileRef, ResultFiles, isResultFileRef } from '../../executions';
import { eventJson, jsonWith, keepJson, resultJson, resultJsonLength, resultPieces } from '../../executions';
import { statusOfTerminalEvent } from '../../executions';

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
 * The bytes (of result JSON, plus a fixed allowance per record) the recently finished executions kept in
 * memory may take: results of files are kept as their reference, so this holds about 250 results just under
 * the file threshold, or all 1024 small ones.
 */
export const RECENT_FINISHED_BYTES = 64 * 1024 * 1024;

/** What a record kept in memory is counted for besides its result's JSON. */
const RECORD_ALLOWANCE_BYTES = 1024;

/** The size a record kept in memory is counted for: its result's JSON text (made once, see resultJson) and an allowance. */
export function keptRecordBytes(record: ExecutionRecord): number {
  const result = record.result;
  return RECORD_ALLOWANCE_BYTES + (result === null || isResultFileRef(result) ? 0 : resultJsonLength(result));
}

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
  private pending: { executionId: string; seq: number; event: EngineEvent }[] = [];
  private readonly updated = new Map<string, ExecutionRecord>();
  private readonly inserted = new Map<string, ExecutionRecord>();
  /** Finished executions, their large results as references to their files. */
  private readonly recent = new NewestEntries<string, ExecutionRecord>(RECENT_FINISHED, { maxBytes: RECENT_FINISHED_BYTES, sizeOf: keptRecordBytes });
  /** Where large results are kept; none for a database in memory, which keeps them inline. */
  private readonly files?: ResultFiles;
  /** Executions whose large result is being written to its file: their terminal state waits for it. */
  private readonly storing = new Map<string, Promise<void>>();
  /** The references of the results written to files, until the terminal state that refers to them is written. */
  private readonly fileRefs = new Map<string, ResultFileRef>();
  private readonly parsedEvents = new NewestEntries<string, EngineEvent>(PARSED_EVENTS_KEPT);
  /** Executions whose terminal event is logged: nothing is appended after it. */
  private readonly endedLogs = new Set<string>();
  private writeWaiters: { resolve: () => void; reject: (error: Error) => void }[] = [];
  private flushScheduled = false;
  private readonly statements;

  /** Opens (creating when needed) the database file; `':memory:'` keeps it in memory. */
  constructor(path: string) {
    if (path !== ':memory:') {
      mkdirSync(dirname(path), { recursive: true });
      this.files = new ResultFiles(join(dirname(path), 'results'));
    }
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
    if (this.storing.size > 0) return Promise.all(this.storing.values()).then(() => this.written());
    if (this.inserted.size === 0 && this.pending.length === 0 && this.updated.size === 0) return Promise.resolve();
    return new Promise((resolve, reject) => this.writeWaiters.push({ resolve, reject }));
  }

  async get(id: string): Promise<ExecutionRecord | undefined> {
    const record = this.find(id);
    return record && this.withResult(record);
  }

  // A record as kept: a large result is the reference to its file (see withResult).
  private find(id: string): ExecutionRecord | undefined {
    const cached = this.active.get(id) ?? this.updated.get(id) ?? this.inserted.get(id) ?? this.recent.get(id);
    if (cached) return { ...cached };
    const row = this.statements.get.get(id) as ExecutionRow | undefined;
    if (!row) return undefined;
    const record = toRecord(row);
    if (record.result !== null && row.result !== null) keepJson(record.result, row.result);
    return record;
  }

  // Reads a result kept in a file; the file is read on the thread pool, and its text kept for the answer. A
  // file gone from the data dir leaves a result that says so, rather than a failed read.
  private async withResult(record: ExecutionRecord): Promise<ExecutionRecord> {
    if (!isResultFileRef(record.result) || this.files === undefined) return record;
    try {
      return { ...record, result: await this.files.read(record.result) };
    } catch (error) {
      const message = `The stored result could not be read: ${(error as Error).message}`;
      return { ...record, result: resultWithoutRun(record, record.endedAt ?? record.createdAt, message) };
    }
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
      this.storeLargeResult(record);
    } else this.active.set(id, record);
    this.scheduleFlush();
  }

  // A large result goes to its file, written off the event loop; the execution's terminal state (record and
  // event) is held back from the batches until the file is on disk, and served from memory until then.
  private storeLargeResult(record: ExecutionRecord): void {
    const { id, result } = record;
    const files = this.files;
    if (result === null || files === undefined || isResultFileRef(result) || resultJsonLength(result) <= LARGE_RESULT_CHARS) {
      this.remember(record);
      return;
    }
    const writing = files.write(id, resultPieces(result)).then(
      (ref) => {
        this.fileRefs.set(id, ref);
        this.remember({ ...record, result: ref as unknown as ExecutionRecord['result'] });
      },
      // The result could not be written: it is kept in the database as before.
      () => this.remember(record),
    );
    this.storing.set(
      id,
      writing.then(() => {
        this.storing.delete(id);
        this.scheduleFlush();
      }),
    );
  }

  async list(query: ExecutionQuery): Promise<ExecutionPage> {
    const page = this.listNow(query);
    return { ...page, items: await Promise.all(page.items.map((record) => this.withResult(record))) };
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
    this.pending.push({ executionId, seq: event.seq, event });
    this.lastSeqs.set(executionId, event.seq);
    // A terminal event whose large result goes to a file is read back from its row once written.
    if (!this.storing.has(executionId)) this.parsedEvents.set(eventKey(executionId, event.seq), event);
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

  async readEvents(executionId: string, fromSeq: number, limit: number): Promise<EngineEvent[]> {
    const events = this.readEventsNow(executionId, fromSeq, limit);
    const last = events[events.length - 1];
    if (last === undefined || !isTerminalEvent(last) || !isResultFileRef(last.result) || this.files === undefined) return events;
    const result = await this.files.read(last.result);
    return [...events.slice(0, -1), { ...last, result }];
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

  async delete(id: string): Promise<boolean> {
    if (this.active.has(id)) return false;
    await this.storing.get(id);
    this.flush();
    const deleted = this.deleteNow(id);
    if (deleted) await this.files?.remove(id);
    return deleted;
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
  async prune(limits: PruneLimits): Promise<number> {
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
    const files = this.files;
    if (files !== undefined) for (const id of ids) await files.remove(id);
    return ids.size;
  }

  /** Bytes of the result files beside the database (results too large to keep in it). */
  resultFileBytes(): number {
    return this.files?.bytes ?? 0;
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
    // An execution that starts and changes state within one turn is written once, in its latest state. The
    // executions whose result is still being written to its file stay for a later batch.
    const held = (id: string): boolean => this.storing.has(id);
    const inserts = [...this.inserted.values()].filter((record) => !held(record.id)).map((record) => this.updated.get(record.id) ?? record);
    const batch = this.pending.filter((p) => !held(p.executionId));
    const updates = [...this.updated.values()].filter((record) => !this.inserted.has(record.id) && !held(record.id));
    this.pending = batch.length === this.pending.length ? [] : this.pending.filter((p) => held(p.executionId));
    for (const record of inserts) this.inserted.delete(record.id);
    for (const record of [...inserts, ...updates]) this.updated.delete(record.id);
    try {
      this.writeBatch(inserts, batch, updates);
    } catch (error) {
      for (const waiter of waiters) waiter.reject(error as Error);
      throw error;
    }
    for (const record of [...inserts, ...updates]) if (isTerminalStatus(record.status)) this.fileRefs.delete(record.id);
    for (const waiter of waiters) waiter.resolve();
  }

  // The JSON of a result as written: the reference to its file, or the result itself (serialised once).
  private storedResult(record: ExecutionRecord): string | null {
    const ref = this.fileRefs.get(record.id);
    if (ref !== undefined && isTerminalStatus(record.status)) return JSON.stringify(ref);
    return record.result === null ? null : resultJson(record.result);
  }

  private eventBody(executionId: string, event: EngineEvent): string {
    const ref = this.fileRefs.get(executionId);
    return ref !== undefined && isTerminalEvent(event) ? jsonWith(event, 'result', JSON.stringify(ref)) : eventJson(event);
  }

  private writeBatch(inserts: readonly ExecutionRecord[], batch: readonly { executionId: string; seq: number; event: EngineEvent }[], updates: readonly ExecutionRecord[]): void {
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
          result: this.storedResult(record),
          created_at: record.createdAt,
          started_at: record.startedAt,
          ended_at: record.endedAt,
        });
      }
      for (const p of batch) this.statements.appendEvent.run(p.executionId, p.seq, this.eventBody(p.executionId, p.event));
      for (const record of updates) {
        this.statements.update.run({
          id: record.id,
          status: record.status,
          node_id: record.nodeId,
          result: this.storedResult(record),
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

  async close(): Promise<void> {
    await Promise.all(this.storing.values());
    if (this.db.open) {
      this.flush();
      this.db.close();
    }
  }
}

// Adds an entry to a map used as a cache of the newest entries, dropping the oldest beyond `limit`.
/** The key of an event among those kept in memory. */
function eventKey(executionId: string, seq: number): string {
  return `${seq}\u0000${executionId}`;
}
