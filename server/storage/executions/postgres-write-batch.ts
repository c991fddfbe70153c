import type pg from 'pg';
import { prepared } from '../postgres';
import { type ExecutionRecord, type ExecutionUpdate, resultJson } from '../../executions';
import { appendPayload } from './postgres-append-listener';
import { isTerminalStatus } from '../../../model';
import { TERMINAL_STATUS_SQL } from '../terminal-status-sql';
import { type CommitBatch } from '../group-commit';
import { JournalQueue } from './journal-queue';

/** The quoted, schema-qualified tables of a namespace. */
export interface PostgresTables {
  executions: string;
  events: string;
  journal: string;
}

/** An event waiting to be written, serialized once when it is queued. */
export interface QueuedEvent {
  executionId: string;
  seq: number;
  body: string;
}

/** The writes a store queued during one turn of the event loop, as PostgreSQL writes them (see {@link writeBatch}). */
export class WriteBatch implements CommitBatch {
  readonly inserts = new Map<string, ExecutionRecord>();
  readonly updates = new Map<string, ExecutionUpdate>();
  readonly events: QueuedEvent[] = [];
  readonly journal = new JournalQueue();

  get empty(): boolean {
    return this.inserts.size === 0 && this.updates.size === 0 && this.events.length === 0 && this.journal.empty;
  }

  /** Queues a change; an execution created in the same batch is written once, in its latest state. */
  update(id: string, update: ExecutionUpdate): void {
    const defined = Object.fromEntries(Object.entries(update).filter(([, value]) => value !== undefined)) as ExecutionUpdate;
    const inserted = this.inserts.get(id);
    if (inserted) Object.assign(inserted, defined);
    else this.updates.set(id, { ...this.updates.get(id), ...defined });
  }

  /** The executions this batch leaves finished, whatever the database had them in. */
  finishedIds(): string[] {
    return [...this.inserts.values(), ...[...this.updates].map(([id, update]) => ({ id, ...update }))]
      .filter((change) => change.status !== undefined && isTerminalStatus(change.status))
      .map((change) => change.id);
  }
}

const byId = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** A UTF-16 surrogate without its pair (a pair is one code point in a `u` expression, and not `Cs`). */
const LONE_SURROGATE = /\p{Cs}/u;

/** A statement being built: its `WITH` parts in order and its parameters. */
class Statement {
  readonly parts: string[] = [];
  readonly params: unknown[] = [];

  /** Adds a parameter and answers its placeholder. */
  param(value: unknown): string {
    return `$${this.params.push(value)}`;
  }

  /**
   * Adds a text array of JSON texts (event bodies, requests) and answers the expression of it: sent as one JSON
   * array, which node-postgres passes as it is, where it would escape every quote of every element of a text array.
   * A text holding a lone surrogate goes as a text array, as before (PostgreSQL's JSON refuses its escape; the text
   * path writes U+FFFD in its place).
   */
  jsonTexts(values: readonly string[]): string {
    if (values.some((value) => LONE_SURROGATE.test(value))) return `${this.param(values)}::text[]`;
    return `(SELECT array_agg(v ORDER BY i) FROM json_array_elements_text(${this.param(JSON.stringify(values))}::json) WITH ORDINALITY AS t(v, i))`;
  }

  /** The statement's text, its parts followed by the query that ends it. */
  text(query: string): string {
    return `WITH ${this.parts.join(',\n')}\n${query}`;
  }
}

/**
 * Writes a batch in one statement, so one round trip and one transaction whatever its size (a statement is atomic
 * on its own: no BEGIN nor COMMIT). Rows are locked in id order (new ones by their insert, the others by
 * `FOR UPDATE`), so that nodes writing the same executions never deadlock, and the events, journal entries and
 * changes of an execution that was finished before the batch are dropped: a finished execution never changes. So
 * are those of an execution running on a node other than the `writer`: another node took it over while the writer
 * stalled, and only its owner writes its log and journal. The journals of the executions the batch finishes are
 * deleted (their entries of this batch are not written). Each execution that got events is announced on `channel`
 * with its last seq, which listeners receive once the statement commits.
 *
 * The parts of one statement see the rows as they were when it began, except the locked ones, which are read as
 * last committed: so the status a write is checked against is the latest, and the new executions of the batch are
 * known by their insert, not by the lock.
 */
export async function writeBatch(client: pg.ClientBase | pg.Pool, tables: PostgresTables, channel: string, batch: WriteBatch, writer?: string): Promise<void> {
  const statement = new Statement();
  const { parts } = statement;
  const p = (value: unknown) => statement.param(value);
  const inserts = [...batch.inserts.values()].sort((a, b) => byId(a.id, b.id));
  if (inserts.length > 0) {
    parts.push(`inserted AS (
      INSERT INTO ${tables.executions} (id, status, workflow_id, source, deployment_id, tenant, node_id, fingerprint, request, result, created_at, started_at, ended_at)
      SELECT * FROM unnest(${p(inserts.map((r) => r.id))}::text[], ${p(inserts.map((r) => r.status))}::text[], ${p(inserts.map((r) => r.workflowId))}::text[],
        ${p(inserts.map((r) => r.source))}::text[], ${p(inserts.map((r) => r.deploymentId ?? null))}::text[], ${p(inserts.map((r) => r.tenant ?? null))}::text[],
        ${p(inserts.map((r) => r.nodeId))}::text[], ${p(inserts.map((r) => r.fingerprint))}::text[],
        ${statement.jsonTexts(inserts.map((r) => JSON.stringify(r.request)))}, ${p(inserts.map((r) => (r.result === null ? null : resultJson(r.result))))}::text[],
        ${p(inserts.map((r) => r.createdAt))}::bigint[], ${p(inserts.map((r) => r.startedAt))}::bigint[], ${p(inserts.map((r) => r.endedAt))}::bigint[])
      ON CONFLICT (id) DO NOTHING RETURNING id)`);
  }

  const journal = [...batch.journal.queued].filter((e) => !batch.journal.dropped.has(e.executionId));
  const touched = [...new Set([...batch.events.map((e) => e.executionId), ...batch.updates.keys(), ...journal.map((e) => e.executionId)])].sort(byId);
  if (touched.length === 0) {
    if (parts.length > 0) await client.query(prepared(statement.text('SELECT 1'), statement.params));
    return;
  }
  const movedAway = writer === undefined ? '' : ` OR (status = 'running' AND node_id IS DISTINCT FROM ${p(writer)}::text)`;
  parts.push(
    `locked AS (SELECT id, status, node_id FROM ${tables.executions} WHERE id = ANY(${p(touched)}::text[]) ORDER BY id FOR UPDATE)`,
    `closed AS (SELECT id FROM locked WHERE status IN ${TERMINAL_STATUS_SQL}${movedAway})`,
    `open AS (SELECT id FROM locked WHERE id NOT IN (SELECT id FROM closed)${inserts.length > 0 ? ' UNION ALL SELECT id FROM inserted' : ''})`,
  );

  const { events } = batch;
  if (events.length > 0) {
    parts.push(`events_written AS (
      INSERT INTO ${tables.events} (execution_id, seq, body)
      SELECT * FROM unnest(${p(events.map((e) => e.executionId))}::text[], ${p(events.map((e) => e.seq))}::int[], ${statement.jsonTexts(events.map((e) => e.body))}) AS e(execution_id, seq, body)
      WHERE e.execution_id NOT IN (SELECT id FROM closed)
      ON CONFLICT DO NOTHING)`);
  }

  if (journal.length > 0) {
    // In the order first written, which `written` keeps; an upsert as in replacesJournalEntry.
    parts.push(`journal_written AS (
      INSERT INTO ${tables.journal} AS j (execution_id, node_path, firing, outcome)
      SELECT e, n, f, o FROM unnest(${p(journal.map((e) => e.executionId))}::text[], ${p(journal.map((e) => e.nodeId))}::text[], ${p(journal.map((e) => e.firing))}::int[],
        ${p(journal.map((e) => e.outcome ?? null))}::text[]) WITH ORDINALITY AS u(e, n, f, o, i)
      WHERE e IN (SELECT id FROM open) ORDER BY i
      ON CONFLICT (execution_id, node_path, firing) DO UPDATE SET outcome = EXCLUDED.outcome WHERE j.outcome IS NULL AND EXCLUDED.outcome IS NOT NULL)`);
  }

  const updates = [...batch.updates];
  if (updates.length > 0) {
    // A field is written only when the update sets it: `set_*` tells a field set to null from one left alone.
    parts.push(`updated AS (
      UPDATE ${tables.executions} AS e SET
        status = COALESCE(u.status, e.status),
        result = CASE WHEN u.set_result THEN u.result ELSE e.result END,
        started_at = CASE WHEN u.set_started THEN u.started_at ELSE e.started_at END,
        ended_at = CASE WHEN u.set_ended THEN u.ended_at ELSE e.ended_at END
      FROM unnest(${p(updates.map(([id]) => id))}::text[], ${p(updates.map(([, u]) => u.status ?? null))}::text[], ${p(updates.map(([, u]) => u.result !== undefined))}::boolean[],
        ${p(updates.map(([, u]) => (u.result === undefined || u.result === null ? null : resultJson(u.result))))}::text[], ${p(updates.map(([, u]) => u.startedAt !== undefined))}::boolean[],
        ${p(updates.map(([, u]) => u.startedAt ?? null))}::bigint[], ${p(updates.map(([, u]) => u.endedAt !== undefined))}::boolean[], ${p(updates.map(([, u]) => u.endedAt ?? null))}::bigint[])
        AS u(id, status, set_result, result, set_started, started_at, set_ended, ended_at)
      WHERE e.id = u.id AND u.id NOT IN (SELECT id FROM closed))`);
  }

  const dropped = [...batch.journal.dropped];
  if (dropped.length > 0) {
    parts.push(`journal_gone AS (DELETE FROM ${tables.journal} WHERE execution_id = ANY(${p(dropped)}::text[]) AND execution_id IN (SELECT id FROM open))`);
  }

  const lastSeqs = new Map<string, number>();
  for (const e of events) lastSeqs.set(e.executionId, Math.max(e.seq, lastSeqs.get(e.executionId) ?? 0));
  if (lastSeqs.size > 0) {
    // A part that only reads runs when the query reads it: the one that ends the statement does.
    parts.push(`notified AS (
      SELECT pg_notify(${p(channel)}, n.payload) FROM unnest(${p([...lastSeqs.keys()])}::text[], ${p([...lastSeqs].map(([id, seq]) => appendPayload(id, seq)))}::text[]) AS n(id, payload)
      WHERE n.id NOT IN (SELECT id FROM closed))`);
  }
  await client.query(prepared(statement.text(lastSeqs.size > 0 ? 'SELECT count(*) FROM notified' : 'SELECT 1'), statement.params));
}
