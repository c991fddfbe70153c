import { type EngineEvent } from '../engine';
import { compareNewestFirst, decodeCursor, encodeCursor } from './execution-cursor';
import { type ExecutionRecord, type ExecutionUpdate } from './execution-record';
import { isTerminalStatus } from '../../model';
import { type ExecutionPage, type ExecutionQuery, type ExecutionStore } from './execution-store';

interface Entry {
  record: ExecutionRecord;
  events: EngineEvent[];
}

/** An {@link ExecutionStore} kept in memory: fast, and gone when the process ends. */
export class MemoryExecutionStore implements ExecutionStore {
  private readonly entries = new Map<string, Entry>();

  insert(record: ExecutionRecord): void {
    if (this.entries.has(record.id)) throw new Error(`Execution '${record.id}' already exists`);
    this.entries.set(record.id, { record: { ...record }, events: [] });
  }

  get(id: string): ExecutionRecord | undefined {
    const entry = this.entries.get(id);
    return entry && { ...entry.record };
  }

  update(id: string, update: ExecutionUpdate): void {
    const entry = this.require(id);
    Object.assign(entry.record, update);
  }

  list(query: ExecutionQuery): ExecutionPage {
    const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    const matching = [...this.entries.values()]
      .map((entry) => entry.record)
      .filter((r) => (query.status === undefined || r.status === query.status) && (query.workflowId === undefined || r.workflowId === query.workflowId))
      .filter((r) => after === undefined || compareNewestFirst(after, r) < 0)
      .sort(compareNewestFirst);
    const items = matching.slice(0, query.limit).map((r) => ({ ...r }));
    const last = items[items.length - 1];
    return { items, nextCursor: matching.length > query.limit && last ? encodeCursor(last) : null };
  }

  appendEvent(executionId: string, event: EngineEvent): void {
    const entry = this.require(executionId);
    if (event.seq !== entry.events.length + 1) {
      throw new Error(`Event seq ${event.seq} does not follow seq ${entry.events.length} of execution '${executionId}'`);
    }
    entry.events.push(event);
  }

  readEvents(executionId: string, fromSeq: number, limit: number): EngineEvent[] {
    const entry = this.entries.get(executionId);
    if (!entry) return [];
    const start = Math.max(0, fromSeq - 1);
    return entry.events.slice(start, start + limit);
  }

  lastSeq(executionId: string): number {
    return this.entries.get(executionId)?.events.length ?? 0;
  }

  listUnfinished(): ExecutionRecord[] {
    return [...this.entries.values()].map((e) => e.record).filter((r) => !isTerminalStatus(r.status)).map((r) => ({ ...r }));
  }

  delete(id: string): boolean {
    const entry = this.entries.get(id);
    if (!entry || !isTerminalStatus(entry.record.status)) return false;
    return this.entries.delete(id);
  }

  prune(limits: { endedBefore?: number; keep?: number }): number {
    const finished = [...this.entries.values()]
      .map((entry) => entry.record)
      .filter((record) => isTerminalStatus(record.status))
      .sort((a, b) => (b.endedAt ?? 0) - (a.endedAt ?? 0));
    const doomed = finished.filter((record, i) => (limits.endedBefore !== undefined && (record.endedAt ?? 0) < limits.endedBefore) || (limits.keep !== undefined && i >= limits.keep));
    for (const record of doomed) this.entries.delete(record.id);
    return doomed.length;
  }

  written(): Promise<void> {
    return Promise.resolve();
  }

  isWritable(): boolean {
    return true;
  }

  close(): void {
    this.entries.clear();
  }

  private require(id: string): Entry {
    const entry = this.entries.get(id);
    if (!entry) throw new Error(`Execution '${id}' does not exist`);
    return entry;
  }
}
