import { dirname, join } from 'node:path';
import type Database from 'better-sqlite3';
import { type EngineEvent, type JournalEntry, isTerminalEvent } from '../../engine';
import { type ExecutionRecord, type ExecutionUpdate, ResultFiles, isResultFileRef, keepJson, resultJsonLength } from '../../executions';
import { isTerminalStatus } from '../../../model';
import { GroupCommit } from '../group-commit';
import { NewestEntries } from '../newest-entries';
import { SQLITE_EXECUTION_MIGRATIONS, openSqlite } from '../sqlite';
import { decodeCursor, encodeCursor } from './execution-cursor';
import { type ExecutionRow, toRecord } from './execution-row';
import { applyUpdate, assertFollows, isAsExpected, terminalUpdate } from './execution-rules';
import { type ExecutionPage, type ExecutionQuery, type ExecutionStore, type PruneLimits, type TerminalEventOf } from './execution-store';
import { type JournalRow, toJournalEntry } from './journal-queue';
import { LargeResults } from './large-results';
import { type ExecutionStatements, SqliteExecutionBatch, executionStatements, writeSqliteBatch } from './sqlite-execution-batch';

/** How many recently read events are kept parsed, shared by the subscribers reading them. */
const PARSED_EVENTS_KEPT = 20_000;

/** How many events one turn may queue before they are committed at once, without waiting for the turn to end. */
const MAX_BATCH_EVENTS = 2000;

/** How many recently finished executions are kept in memory for status reads. */
const RECENT_FINISHED = 1024;

/**
 * The bytes (of result JSON, plus a fixed allowance per record) the recently finished executions kept in
 * memory may take: results of files are kept as their reference, so this holds about 250 results just under
 * the file threshold, or all 1024 small ones.
 */
const RECENT_FINISHED_BYTES = 64 * 1024 * 1024;

/** What a record kept in memory is counted for besides its result's JSON. */
const RECORD_ALLOWANCE_BYTES = 1024;

/** The size a record kept in memory is counted for: its result's JSON text (made once, see resultJson) and an allowance. */
function keptRecordBytes(record: ExecutionRecord): number {
  const result = record.result;
  return RECORD_ALLOWANCE_BYTES + (result === null || isResultFileRef(result) ? 0 : resultJsonLength(result));
}

/**
 * An {@link ExecutionStore} in an embedded SQLite database, so executions, results and event logs survive a
 * restart. Events and status changes are written behind in batches (one transaction per turn of the event
 * loop, see {@link GroupCommit}) and served from memory until then; new executions join the same batch, and
 * `written()` tells when they are on disk; executions that are not finished are kept in memory as well, so a
 * busy run never waits on the disk for each event.
 */
export class SqliteExecutionStore implements ExecutionStore {
  private readonly db: Database.Database;
  private readonly active = new Map<string, ExecutionRecord>();
  private readonly lastSeqs = new Map<string, number>();
  private readonly commits = new GroupCommit(
    () => new SqliteExecutionBatch(),
    (batch) => this.commit(batch),
  );
  /** Finished executions, their large results as references to their files. */
  private readonly recent = new NewestEntries<string, ExecutionRecord>(RECENT_FINISHED, { maxBytes: RECENT_FINISHED_BYTES, sizeOf: keptRecordBytes });
  /** Large results, in files beside the database; none for a database in memory, which keeps them inline. */
  private readonly results: LargeResults;
  private readonly parsedEvents = new NewestEntries<string, EngineEvent>(PARSED_EVENTS_KEPT);
  /** Executions whose terminal event is logged: nothing is appended after it. */
  private readonly endedLogs = new Set<string>();
  /**
   * Executions that may have journal rows: written or read by this process, or adopted. A terminal update deletes
   * the journal of these only, so that a run that journals nothing pays nothing for it.
   */
  private readonly journaled = new Set<string>();
  private readonly statements: ExecutionStatements;

  /** Opens (creating when needed) the database file; `':memory:'` keeps it in memory. */
  constructor(path: string) {
    this.db = openSqlite(path, SQLITE_EXECUTION_MIGRATIONS);
    this.results = new LargeResults(path === ':memory:' ? undefined : new ResultFiles(join(dirname(path), 'results')));
    this.statements = executionStatements(this.db);
  }

  // New executions are written in the turn's transaction too (group commit); `written()` tells when.
  insert(record: ExecutionRecord): void {
    this.commits.next().inserted.set(record.id, { ...record });
    if (!isTerminalStatus(record.status)) this.active.set(record.id, { ...record });
    this.lastSeqs.set(record.id, 0);
  }

  written(): Promise<void> {
    if (this.results.anyStoring) return this.results.stored().then(() => this.written());
    return this.commits.written();
  }

  async get(id: string): Promise<ExecutionRecord | undefined> {
    const record = this.find(id);
    return record && this.results.withResult(record);
  }

  // A record as kept: a large result is the reference to its file (see LargeResults.withResult).
  private find(id: string): ExecutionRecord | undefined {
    const pending = this.commits.pending;
    const cached = this.active.get(id) ?? pending.updated.get(id) ?? pending.inserted.get(id) ?? this.recent.get(id);
    if (cached) return { ...cached };
    const row = this.statements.get.get(id) as ExecutionRow | undefined;
    if (!row) return undefined;
    const record = toRecord(row);
    if (record.result !== null && row.result !== null) keepJson(record.result, row.result);
    return record;
  }

  // A status change is written behind with the events of the same turn, in their transaction: a crash loses
  // both or neither, and an execution whose `completed` was lost is still unfinished (and marked failed) on restart.
  update(id: string, update: ExecutionUpdate): void {
    const record = this.find(id);
    if (!record) throw new Error(`Execution '${id}' does not exist`);
    if (!applyUpdate(record, update)) return;
    const batch = this.commits.next();
    batch.updated.set(id, record);
    if (isTerminalStatus(record.status)) {
      this.active.delete(id);
      if (this.journaled.delete(id)) batch.journal.dropped.add(id);
      // The terminal state waits in the batches until a large result is in its file; served from memory meanwhile.
      this.results.store(
        record,
        (kept) => this.remember(kept),
        () => this.commits.next(),
      );
    } else this.active.set(id, record);
  }

  async list(query: ExecutionQuery): Promise<ExecutionPage> {
    const page = this.listNow(query);
    return { ...page, items: await Promise.all(page.items.map((record) => this.results.withResult(record))) };
  }

  private listNow(query: ExecutionQuery): ExecutionPage {
    this.commits.commitNow();
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
    if (query.deploymentId !== undefined) {
      where.push('deployment_id = ?');
      params.push(query.deploymentId);
    }
    if (query.tenant !== undefined) {
      where.push('tenant = ?');
      params.push(query.tenant);
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
    assertFollows(executionId, event.seq, last);
    if (this.endedLogs.has(executionId)) return;
    if (isTerminalEvent(event)) this.endedLogs.add(executionId);
    const batch = this.commits.next();
    batch.events.push({ executionId, seq: event.seq, event });
    this.lastSeqs.set(executionId, event.seq);
    // A terminal event whose large result goes to a file is read back from its row once written.
    if (!this.results.isStoring(executionId)) this.parsedEvents.set(eventKey(executionId, event.seq), event);
    if (batch.events.length >= MAX_BATCH_EVENTS) this.commits.commitNow();
  }

  // An execution not kept in memory as active is looked up: after a restart, a run goes on before its record changes.
  appendJournal(executionId: string, entry: JournalEntry): void {
    if (!this.active.has(executionId)) {
      const record = this.find(executionId);
      if (record === undefined || isTerminalStatus(record.status)) return;
    }
    this.commits.next().journal.append(executionId, entry);
    this.journaled.add(executionId);
  }

  // Read when a run resumes, seldom: the queued writes are committed first, so that the rows are all there is.
  readJournal(executionId: string): Promise<JournalEntry[]> {
    const record = this.find(executionId);
    if (record === undefined || isTerminalStatus(record.status)) return Promise.resolve([]);
    this.commits.commitNow();
    const entries = (this.statements.readJournal.all(executionId) as JournalRow[]).map(toJournalEntry);
    if (entries.length > 0) this.journaled.add(executionId);
    return Promise.resolve(entries);
  }

  // Clients poll the executions they just ran: the last finished ones are answered from memory.
  private remember(record: ExecutionRecord): void {
    this.recent.set(record.id, record);
  }

  async readEvents(executionId: string, fromSeq: number, limit: number): Promise<EngineEvent[]> {
    return this.results.withEventResult(this.readEventsNow(executionId, fromSeq, limit));
  }

  private readEventsNow(executionId: string, fromSeq: number, limit: number): EngineEvent[] {
    const kept = this.keptEvents(executionId, fromSeq, limit);
    if (kept !== undefined) return kept;
    const rows = this.statements.readEvents.all(executionId, fromSeq, limit) as { body: string }[];
    const stored = rows.map((row, i) => this.parsedEvent(executionId, fromSeq + i, row.body));
    if (stored.length >= limit) return stored;
    const next = stored.length > 0 ? stored[stored.length - 1].seq + 1 : fromSeq;
    const buffered = this.commits.pending.events.filter((p) => p.executionId === executionId && p.seq >= next).map((p) => p.event);
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
    this.commits.commitNow();
    const records = (this.statements.unfinished.all() as ExecutionRow[]).map((row) => this.find(row.id) ?? toRecord(row));
    return Promise.resolve(nodeId === undefined ? records : records.filter((record) => record.nodeId === nodeId));
  }

  // A row may still say running while its ending waits for a large result's file: the record kept in memory decides.
  countUnfinished(tenant: string): Promise<number> {
    this.commits.commitNow();
    const rows = this.statements.unfinishedOfTenant.all(tenant) as { id: string }[];
    return Promise.resolve(rows.filter((row) => !isTerminalStatus(this.find(row.id)?.status ?? 'completed')).length);
  }

  claim(id: string, nodeId: string, startedAt: number): Promise<ExecutionRecord | undefined> {
    const record = this.find(id);
    if (record?.status !== 'queued') return Promise.resolve(undefined);
    this.update(id, { status: 'running', nodeId, startedAt });
    return Promise.resolve(this.find(id));
  }

  adopt(id: string, fromNodeId: string, toNodeId: string): Promise<ExecutionRecord | undefined> {
    if (!isAsExpected(this.find(id), { status: 'running', nodeId: fromNodeId })) return Promise.resolve(undefined);
    this.update(id, { nodeId: toNodeId });
    // The run goes on here with the journal its earlier process wrote: its end deletes that journal.
    this.journaled.add(id);
    return Promise.resolve(this.find(id));
  }

  // What a stopped process left may have journal rows this process never saw: they go whatever it knows.
  conclude(id: string, expected: { status: 'queued' | 'running'; nodeId?: string }, end: TerminalEventOf): Promise<boolean> {
    const record = this.find(id);
    if (record === undefined || !isAsExpected(record, expected)) return Promise.resolve(false);
    const event = end(record, this.knownLastSeq(id));
    this.update(id, terminalUpdate(event));
    this.commits.next().journal.dropped.add(id);
    this.appendEvent(id, event);
    return Promise.resolve(true);
  }

  async delete(id: string): Promise<boolean> {
    if (this.active.has(id)) return false;
    await this.results.stored(id);
    this.commits.commitNow();
    const deleted = this.db.transaction(() => this.deleteNow(id))();
    if (deleted) {
      this.forgetParsed(new Set([id]));
      await this.results.remove(id);
    }
    return deleted;
  }

  // Deleted rows leave free pages that SQLite reuses, and the write-ahead log is truncated, so that what a
  // prune frees shows in the data directory's measure at once.
  async prune(limits: PruneLimits): Promise<number> {
    this.commits.commitNow();
    const ids = new Set<string>();
    if (limits.endedBefore !== undefined) for (const row of this.statements.endedBefore.all(limits.endedBefore) as { id: string }[]) ids.add(row.id);
    if (limits.keep !== undefined) for (const row of this.statements.beyondNewest.all(limits.keep) as { id: string }[]) ids.add(row.id);
    if (limits.oldest !== undefined) for (const row of this.statements.oldest.all(limits.oldest) as { id: string }[]) ids.add(row.id);
    this.db.transaction(() => {
      for (const id of ids) this.deleteNow(id);
    })();
    if (ids.size > 0) {
      this.forgetParsed(ids);
      this.db.pragma('wal_checkpoint(TRUNCATE)');
    }
    for (const id of ids) await this.results.remove(id);
    return ids.size;
  }

  // Within the caller's transaction: the rows of a finished execution and what is kept of it in memory.
  private deleteNow(id: string): boolean {
    const deleted = this.statements.deleteExecution.run(id).changes > 0;
    if (deleted) {
      this.statements.deleteEvents.run(id);
      this.statements.deleteJournal.run(id);
      this.journaled.delete(id);
      this.lastSeqs.delete(id);
      this.recent.delete(id);
      this.endedLogs.delete(id);
    }
    return deleted;
  }

  // A deleted id may be used again by a new execution: its old events must not be served from the cache.
  private forgetParsed(ids: ReadonlySet<string>): void {
    for (const key of this.parsedEvents.keys()) if (ids.has(key.slice(key.indexOf('\u0000') + 1))) this.parsedEvents.delete(key);
  }

  /** Bytes of the result files beside the database (results too large to keep in it). */
  resultFileBytes(): number {
    return this.results.bytes;
  }

  /** Bytes of the database's free pages: space it reuses before it grows its file (what deleted executions leave). */
  freeBytes(): number {
    if (!this.db.open) return 0;
    return (this.db.pragma('freelist_count', { simple: true }) as number) * (this.db.pragma('page_size', { simple: true }) as number);
  }

  // One transaction for the turn's batch. The executions whose result is still being written to its file stay
  // for a later batch, committed once the file is on disk. Writes made after the store closed are dropped.
  private commit(batch: SqliteExecutionBatch): void {
    if (!this.db.open) return;
    const held = (id: string): boolean => this.results.isStoring(id);
    const later = this.commits.pending;
    const inserts: ExecutionRecord[] = [];
    const updates: ExecutionRecord[] = [];
    for (const record of batch.inserted.values()) {
      if (!held(record.id)) inserts.push(batch.updated.get(record.id) ?? record);
      else later.inserted.set(record.id, record);
    }
    for (const record of batch.updated.values()) {
      if (held(record.id)) later.updated.set(record.id, record);
      else if (!batch.inserted.has(record.id)) updates.push(record);
    }
    const events = batch.events.filter((p) => !held(p.executionId));
    if (events.length !== batch.events.length) later.events = batch.events.filter((p) => held(p.executionId));
    // A journal goes with the terminal update that finishes its execution, even when that update waits.
    const journal = [...batch.journal.queued].filter((e) => {
      if (held(e.executionId)) later.journal.add(e);
      return !held(e.executionId);
    });
    const journalsDropped = [...batch.journal.dropped].filter((id) => {
      if (held(id)) later.journal.dropped.add(id);
      return !held(id);
    });
    writeSqliteBatch(this.db, this.statements, this.results, { inserts, events, journal, updates, journalsDropped });
    for (const record of [...inserts, ...updates]) if (isTerminalStatus(record.status)) this.results.written(record.id);
  }

  unavailableReason(): Promise<string | undefined> {
    if (!this.db.open) return Promise.resolve('The execution store is closed');
    return Promise.resolve(this.db.readonly ? 'The execution store is read-only' : undefined);
  }

  async close(): Promise<void> {
    await this.results.stored();
    if (this.db.open) {
      this.commits.commitNow();
      this.db.close();
    }
  }
}

/** The key of an event among those kept in memory. */
function eventKey(executionId: string, seq: number): string {
  return `${seq}\u0000${executionId}`;
}
