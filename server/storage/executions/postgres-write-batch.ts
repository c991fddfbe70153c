import type pg from 'pg';
import { type ExecutionRecord, type ExecutionUpdate, resultJson } from '../../executions';
import { appendPayload } from './postgres-append-listener';
import { isTerminalStatus } from '../../../model';
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
    return this.inserts.size === 0 && this.insertsOnly;
  }

  /** True when the batch holds nothing but new executions: one statement writes it. */
  get insertsOnly(): boolean {
    return this.updates.size === 0 && this.events.length === 0 && this.journal.empty;
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

/**
 * Writes a batch within the caller's transaction, a few statements whatever its size. Rows are locked in id order (new ones by
 * their insert, the others by `FOR UPDATE`), so that nodes writing the same executions never deadlock, and the
 * events, journal entries and changes of an execution that was finished before the batch are dropped: a finished
 * execution never changes. So are those of an execution running on a node other than the `writer`: another node
 * took it over while the writer stalled, and only its owner writes its log. The journals of the executions the batch finishes are deleted once its entries are
 * written. Each execution that got events is announced on `channel` with its last seq, which listeners receive
 * once the transaction commits.
 */
export async function writeBatch(client: pg.ClientBase, tables: PostgresTables, channel: string, batch: WriteBatch, writer?: string): Promise<void> {
  const inserts = [...batch.inserts.values()].sort((a, b) => byId(a.id, b.id));
  const created = new Set<string>();
  if (inserts.length > 0) {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO ${tables.executions} (id, status, workflow_id, source, node_id, fingerprint, request, result, created_at, started_at, ended_at)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::bigint[], $10::bigint[], $11::bigint[])
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [
        inserts.map((r) => r.id),
        inserts.map((r) => r.status),
        inserts.map((r) => r.workflowId),
        inserts.map((r) => r.source),
        inserts.map((r) => r.nodeId),
        inserts.map((r) => r.fingerprint),
        inserts.map((r) => JSON.stringify(r.request)),
        inserts.map((r) => (r.result === null ? null : resultJson(r.result))),
        inserts.map((r) => r.createdAt),
        inserts.map((r) => r.startedAt),
        inserts.map((r) => r.endedAt),
      ],
    );
    for (const row of rows) created.add(row.id);
  }

  const journal = [...batch.journal.queued];
  const touched = [...new Set([...batch.events.map((e) => e.executionId), ...batch.updates.keys(), ...journal.map((e) => e.executionId)])].sort(byId);
  const finished = new Set<string>();
  const present = new Set<string>();
  if (touched.length > 0) {
    const { rows } = await client.query<{ id: string; status: ExecutionRecord['status']; node_id: string | null }>(
      `SELECT id, status, node_id FROM ${tables.executions} WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE`,
      [touched],
    );
    for (const row of rows) {
      present.add(row.id);
      if (created.has(row.id)) continue;
      if (isTerminalStatus(row.status) || (writer !== undefined && row.status === 'running' && row.node_id !== writer)) finished.add(row.id);
    }
  }

  const events = batch.events.filter((e) => !finished.has(e.executionId));
  if (events.length > 0) {
    await client.query(
      `INSERT INTO ${tables.events} (execution_id, seq, body) SELECT * FROM unnest($1::text[], $2::int[], $3::text[]) ON CONFLICT DO NOTHING`,
      [events.map((e) => e.executionId), events.map((e) => e.seq), events.map((e) => e.body)],
    );
  }

  const entries = journal.filter((e) => present.has(e.executionId) && !finished.has(e.executionId));
  if (entries.length > 0) {
    // In the order first written, which `written` keeps; an upsert as in replacesJournalEntry.
    await client.query(
      `INSERT INTO ${tables.journal} AS j (execution_id, node_path, firing, outcome)
       SELECT e, n, f, o FROM unnest($1::text[], $2::text[], $3::int[], $4::text[]) WITH ORDINALITY AS u(e, n, f, o, i) ORDER BY i
       ON CONFLICT (execution_id, node_path, firing) DO UPDATE SET outcome = EXCLUDED.outcome WHERE j.outcome IS NULL AND EXCLUDED.outcome IS NOT NULL`,
      [entries.map((e) => e.executionId), entries.map((e) => e.nodeId), entries.map((e) => e.firing), entries.map((e) => e.outcome ?? null)],
    );
  }

  const updates = [...batch.updates].filter(([id]) => !finished.has(id));
  if (updates.length > 0) {
    // A field is written only when the update sets it: `set_*` tells a field set to null from one left alone.
    await client.query(
      `UPDATE ${tables.executions} AS e SET
         status = COALESCE(u.status, e.status),
         result = CASE WHEN u.set_result THEN u.result ELSE e.result END,
         started_at = CASE WHEN u.set_started THEN u.started_at ELSE e.started_at END,
         ended_at = CASE WHEN u.set_ended THEN u.ended_at ELSE e.ended_at END
       FROM unnest($1::text[], $2::text[], $3::boolean[], $4::text[], $5::boolean[], $6::bigint[], $7::boolean[], $8::bigint[])
         AS u(id, status, set_result, result, set_started, started_at, set_ended, ended_at)
       WHERE e.id = u.id`,
      [
        updates.map(([id]) => id),
        updates.map(([, u]) => u.status ?? null),
        updates.map(([, u]) => u.result !== undefined),
        updates.map(([, u]) => (u.result === undefined || u.result === null ? null : resultJson(u.result))),
        updates.map(([, u]) => u.startedAt !== undefined),
        updates.map(([, u]) => u.startedAt ?? null),
        updates.map(([, u]) => u.endedAt !== undefined),
        updates.map(([, u]) => u.endedAt ?? null),
      ],
    );
  }

  if (batch.journal.dropped.size > 0) {
    await client.query(`DELETE FROM ${tables.journal} WHERE execution_id = ANY($1::text[])`, [[...batch.journal.dropped]]);
  }

  const lastSeqs = new Map<string, number>();
  for (const e of events) lastSeqs.set(e.executionId, Math.max(e.seq, lastSeqs.get(e.executionId) ?? 0));
  if (lastSeqs.size > 0) {
    await client.query('SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload', [channel, [...lastSeqs].map(([id, seq]) => appendPayload(id, seq))]);
  }
}
