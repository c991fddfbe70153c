import { type EngineEvent, type JournalEntry } from '../../engine';
import { compareNewestFirst, decodeCursor, encodeCursor } from './execution-cursor';
import { type ExecutionRecord, type ExecutionUpdate } from '../../executions';
import { isTerminalStatus } from '../../../model';
import { applyUpdate, assertFollows, isAsExpected, mayFollow, prunedOf, replacesJournalEntry, terminalUpdate } from './execution-rules';
import { type ExecutionPage, type ExecutionQuery, type ExecutionStore, type PruneLimits, type TerminalEventOf } from './execution-store';

interface Entry {
  record: ExecutionRecord;
  events: EngineEvent[];
  /** The firing journal by node and firing, in the order first written; made by the first entry. */
  journal?: Map<string, JournalEntry>;
}

/** An {@link ExecutionStore} kept in memory: fast, and gone when the process ends. */
export class MemoryExecutionStore implements ExecutionStore {
  private readonly entries = new Map<string, Entry>();

  insert(record: ExecutionRecord): void {
    if (this.entries.has(record.id)) throw new Error(`Execution '${record.id}' already exists`);
    this.entries.set(record.id, { record: { ...record }, events: [] });
  }

  update(id: string, update: ExecutionUpdate): void {
    const entry = this.require(id);
    if (applyUpdate(entry.record, update) && isTerminalStatus(entry.record.status)) entry.journal = undefined;
  }

  appendEvent(executionId: string, event: EngineEvent): void {
    const entry = this.require(executionId);
    assertFollows(executionId, event.seq, entry.events.length);
    if (mayFollow(entry.events[entry.events.length - 1])) entry.events.push(event);
  }

  appendJournal(executionId: string, journalEntry: JournalEntry): void {
    const entry = this.require(executionId);
    if (isTerminalStatus(entry.record.status)) return;
    entry.journal ??= new Map();
    const key = `${journalEntry.nodeId}\u0000${journalEntry.firing}`;
    if (replacesJournalEntry(entry.journal.get(key), journalEntry)) entry.journal.set(key, { ...journalEntry });
  }

  written(): Promise<void> {
    return Promise.resolve();
  }

  get(id: string): Promise<ExecutionRecord | undefined> {
    const entry = this.entries.get(id);
    return Promise.resolve(entry && { ...entry.record });
  }

  list(query: ExecutionQuery): Promise<ExecutionPage> {
    const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    const matching = [...this.entries.values()]
      .map((entry) => entry.record)
      .filter((r) => query.status === undefined || r.status === query.status)
      .filter(
        (r) =>
          (query.workflowId === undefined || r.workflowId === query.workflowId) &&
          (query.deploymentId === undefined || r.deploymentId === query.deploymentId) &&
          (query.tenant === undefined || r.tenant === query.tenant),
      )
      .filter((r) => after === undefined || compareNewestFirst(after, r) < 0)
      .sort(compareNewestFirst);
    const items = matching.slice(0, query.limit).map((r) => ({ ...r }));
    const last = items[items.length - 1];
    return Promise.resolve({ items, nextCursor: matching.length > query.limit && last ? encodeCursor(last) : null });
  }

  readEvents(executionId: string, fromSeq: number, limit: number): Promise<EngineEvent[]> {
    const entry = this.entries.get(executionId);
    if (!entry) return Promise.resolve([]);
    const start = Math.max(0, fromSeq - 1);
    return Promise.resolve(entry.events.slice(start, start + limit));
  }

  lastSeq(executionId: string): Promise<number> {
    return Promise.resolve(this.entries.get(executionId)?.events.length ?? 0);
  }

  readJournal(executionId: string): Promise<JournalEntry[]> {
    const journal = this.entries.get(executionId)?.journal;
    return Promise.resolve(journal ? [...journal.values()].map((entry) => ({ ...entry })) : []);
  }

  listUnfinished(nodeId?: string): Promise<ExecutionRecord[]> {
    const records = [...this.entries.values()].map((e) => e.record).filter((r) => !isTerminalStatus(r.status) && (nodeId === undefined || r.nodeId === nodeId));
    return Promise.resolve(records.map((r) => ({ ...r })));
  }

  countUnfinished(tenant: string): Promise<number> {
    let count = 0;
    for (const { record } of this.entries.values()) if (record.tenant === tenant && !isTerminalStatus(record.status)) count++;
    return Promise.resolve(count);
  }

  claim(id: string, nodeId: string, startedAt: number): Promise<ExecutionRecord | undefined> {
    const entry = this.entries.get(id);
    if (entry?.record.status !== 'queued') return Promise.resolve(undefined);
    Object.assign(entry.record, { status: 'running', nodeId, startedAt });
    return Promise.resolve({ ...entry.record });
  }

  adopt(id: string, fromNodeId: string, toNodeId: string): Promise<ExecutionRecord | undefined> {
    const entry = this.entries.get(id);
    if (entry === undefined || !isAsExpected(entry.record, { status: 'running', nodeId: fromNodeId })) return Promise.resolve(undefined);
    entry.record.nodeId = toNodeId;
    return Promise.resolve({ ...entry.record });
  }

  conclude(id: string, expected: { status: 'queued' | 'running'; nodeId?: string }, end: TerminalEventOf): Promise<boolean> {
    const entry = this.entries.get(id);
    if (entry === undefined || !isAsExpected(entry.record, expected)) return Promise.resolve(false);
    const event = end({ ...entry.record }, entry.events.length);
    entry.events.push(event);
    Object.assign(entry.record, terminalUpdate(event));
    entry.journal = undefined;
    return Promise.resolve(true);
  }

  delete(id: string): Promise<boolean> {
    const entry = this.entries.get(id);
    if (!entry || !isTerminalStatus(entry.record.status)) return Promise.resolve(false);
    return Promise.resolve(this.entries.delete(id));
  }

  prune(limits: PruneLimits): Promise<number> {
    const doomed = prunedOf(
      [...this.entries.values()].map((entry) => entry.record),
      limits,
    );
    for (const record of doomed) this.entries.delete(record.id);
    return Promise.resolve(doomed.length);
  }

  unavailableReason(): Promise<string | undefined> {
    return Promise.resolve(undefined);
  }

  close(): Promise<void> {
    this.entries.clear();
    return Promise.resolve();
  }

  private require(id: string): Entry {
    const entry = this.entries.get(id);
    if (!entry) throw new Error(`Execution '${id}' does not exist`);
    return entry;
  }
}
