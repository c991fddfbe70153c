import type Database from 'better-sqlite3';
import { type EngineEvent } from '../../engine';
import { type ExecutionRecord } from '../../executions';
import { isTerminalStatus } from '../../../model';
import { type CommitBatch } from '../group-commit';
import { TERMINAL_STATUS_SQL, UNFINISHED_SQL } from '../terminal-status-sql';
import { JournalQueue, type QueuedJournalEntry } from './journal-queue';
import { type LargeResults } from './large-results';

/** An event waiting to be written, as appended. */
export interface PendingEvent {
  executionId: string;
  seq: number;
  event: EngineEvent;
}

/**
 * The writes of one turn of the event loop, as the SQLite store keeps them until they are committed, serving
 * reads from them meanwhile: new executions and changed ones by id (an execution that starts and changes state
 * within one turn is written once, in its latest state), events in the order they were appended, and journal
 * entries.
 */
export class SqliteExecutionBatch implements CommitBatch {
  readonly inserted = new Map<string, ExecutionRecord>();
  readonly updated = new Map<string, ExecutionRecord>();
  events: PendingEvent[] = [];
  readonly journal = new JournalQueue();

  get empty(): boolean {
    return this.inserted.size === 0 && this.events.length === 0 && this.updated.size === 0 && this.journal.empty;
  }
}

/** The prepared statements of the SQLite execution store. */
export function executionStatements(db: Database.Database) {
  const finished = `status IN ${TERMINAL_STATUS_SQL}`;
  return {
    insert: db.prepare(
      `INSERT INTO executions (id, status, workflow_id, source, deployment_id, tenant, node_id, fingerprint, request, result, created_at, started_at, ended_at)
       VALUES (@id, @status, @workflow_id, @source, @deployment_id, @tenant, @node_id, @fingerprint, @request, @result, @created_at, @started_at, @ended_at)`,
    ),
    get: db.prepare('SELECT * FROM executions WHERE id = ?'),
    update: db.prepare(
      'UPDATE executions SET status = @status, node_id = @node_id, result = @result, started_at = @started_at, ended_at = @ended_at WHERE id = @id',
    ),
    appendEvent: db.prepare('INSERT INTO events (execution_id, seq, body) VALUES (?, ?, ?)'),
    readEvents: db.prepare('SELECT body FROM events WHERE execution_id = ? AND seq >= ? ORDER BY seq LIMIT ?'),
    lastSeq: db.prepare('SELECT MAX(seq) AS seq FROM events WHERE execution_id = ?'),
    // An outcome replaces an entry written when its firing started, and stands once written (see replacesJournalEntry).
    appendJournal: db.prepare(
      `INSERT INTO journal (execution_id, node_path, firing, outcome) VALUES (?, ?, ?, ?)
       ON CONFLICT (execution_id, node_path, firing) DO UPDATE SET outcome = excluded.outcome WHERE journal.outcome IS NULL AND excluded.outcome IS NOT NULL`,
    ),
    readJournal: db.prepare('SELECT node_path, firing, outcome FROM journal WHERE execution_id = ? ORDER BY rowid'),
    deleteJournal: db.prepare('DELETE FROM journal WHERE execution_id = ?'),
    unfinished: db.prepare(`SELECT * FROM executions WHERE ${UNFINISHED_SQL}`),
    unfinishedOfTenant: db.prepare(`SELECT id FROM executions WHERE tenant = ? AND ${UNFINISHED_SQL}`),
    deleteExecution: db.prepare(`DELETE FROM executions WHERE id = ? AND ${finished}`),
    deleteEvents: db.prepare('DELETE FROM events WHERE execution_id = ?'),
    endedBefore: db.prepare(`SELECT id FROM executions WHERE ${finished} AND ended_at < ?`),
    beyondNewest: db.prepare(`SELECT id FROM executions WHERE ${finished} ORDER BY ended_at DESC, id DESC LIMIT -1 OFFSET ?`),
    oldest: db.prepare(`SELECT id FROM executions WHERE ${finished} ORDER BY ended_at ASC, id ASC LIMIT ?`),
  };
}

/** The statements {@link executionStatements} prepares. */
export type ExecutionStatements = ReturnType<typeof executionStatements>;

/**
 * Writes new executions, events, journal entries and changed executions in one transaction, and then deletes the
 * journals of the executions the batch finishes: how the SQLite store commits a batch.
 * Results kept in files are written as their references (see {@link LargeResults}).
 */
export function writeSqliteBatch(
  db: Database.Database,
  statements: ExecutionStatements,
  results: LargeResults,
  batch: {
    inserts: readonly ExecutionRecord[];
    events: readonly PendingEvent[];
    journal: Iterable<QueuedJournalEntry>;
    updates: readonly ExecutionRecord[];
    journalsDropped: Iterable<string>;
  },
): void {
  db.transaction(() => {
    for (const record of batch.inserts) {
      statements.insert.run({
        id: record.id,
        status: record.status,
        workflow_id: record.workflowId,
        source: record.source,
        deployment_id: record.deploymentId ?? null,
        tenant: record.tenant ?? null,
        node_id: record.nodeId,
        fingerprint: record.fingerprint,
        request: JSON.stringify(record.request),
        result: results.resultJson(record, isTerminalStatus(record.status)),
        created_at: record.createdAt,
        started_at: record.startedAt,
        ended_at: record.endedAt,
      });
    }
    for (const p of batch.events) statements.appendEvent.run(p.executionId, p.seq, results.eventJson(p.executionId, p.event));
    for (const e of batch.journal) statements.appendJournal.run(e.executionId, e.nodeId, e.firing, e.outcome ?? null);
    for (const record of batch.updates) {
      statements.update.run({
        id: record.id,
        status: record.status,
        node_id: record.nodeId,
        result: results.resultJson(record, isTerminalStatus(record.status)),
        started_at: record.startedAt,
        ended_at: record.endedAt,
      });
    }
    for (const id of batch.journalsDropped) statements.deleteJournal.run(id);
  })();
}
