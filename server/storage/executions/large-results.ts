import { type EngineEvent, isTerminalEvent } from '../../engine';
import {
  type ExecutionRecord,
  LARGE_RESULT_CHARS,
  type ResultFileRef,
  type ResultFiles,
  eventJson,
  isResultFileRef,
  jsonWith,
  resultJson,
  resultJsonLength,
  resultPieces,
  resultWithoutRun,
} from '../../executions';

/**
 * The results too large to keep in a database row, each in a file of its own beside the database (see
 * {@link ResultFiles}), and what a store holds in their place: a reference to the file. Writing a file takes a
 * while, off the event loop; the execution's terminal state (record and event) waits for it, so that a reference
 * is never written before its file.
 */
export class LargeResults {
  /** Executions whose large result is being written to its file. */
  private readonly storing = new Map<string, Promise<void>>();
  /** The references of the results written to files, until the terminal state that refers to them is written. */
  private readonly refs = new Map<string, ResultFileRef>();

  /** Without `files` (a database in memory), every result is kept inline. */
  constructor(private readonly files: ResultFiles | undefined) {}

  /** Bytes the result files hold on disk. */
  get bytes(): number {
    return this.files?.bytes ?? 0;
  }

  /** Whether the result of `id` is being written: its terminal state is held back until then. */
  isStoring(id: string): boolean {
    return this.storing.has(id);
  }

  /** Resolves once the results being written now (those of `id` only, when given) are on disk or have failed. */
  async stored(id?: string): Promise<void> {
    if (id !== undefined) await this.storing.get(id);
    else await Promise.all(this.storing.values());
  }

  get anyStoring(): boolean {
    return this.storing.size > 0;
  }

  /**
   * Keeps a finished record: a large result goes to its file first, and `keep` gets the record with its
   * reference once the file is on disk (or with the result itself when the file could not be written, to be kept
   * in the database as before), then `stored` is called. A small result is kept at once.
   */
  store(record: ExecutionRecord, keep: (record: ExecutionRecord) => void, stored: () => void): void {
    const { id, result } = record;
    const files = this.files;
    if (result === null || files === undefined || isResultFileRef(result) || resultJsonLength(result) <= LARGE_RESULT_CHARS) {
      keep(record);
      return;
    }
    const writing = files.write(id, resultPieces(result)).then(
      (ref) => {
        this.refs.set(id, ref);
        keep({ ...record, result: ref as unknown as ExecutionRecord['result'] });
      },
      () => keep(record),
    );
    this.storing.set(
      id,
      writing.then(() => {
        this.storing.delete(id);
        stored();
      }),
    );
  }

  /**
   * The record with its result read back from its file, on the thread pool. A file gone from the data dir leaves
   * a result that says so, rather than a failed read.
   */
  async withResult(record: ExecutionRecord): Promise<ExecutionRecord> {
    if (!isResultFileRef(record.result) || this.files === undefined) return record;
    try {
      return { ...record, result: await this.files.read(record.result) };
    } catch (error) {
      const message = `The stored result could not be read: ${(error as Error).message}`;
      return { ...record, result: resultWithoutRun(record, record.endedAt ?? record.createdAt, message) };
    }
  }

  /** The events with the result of a terminal one (the last) read back from its file. */
  async withEventResult(events: EngineEvent[]): Promise<EngineEvent[]> {
    const last = events[events.length - 1];
    if (last === undefined || !isTerminalEvent(last) || !isResultFileRef(last.result) || this.files === undefined) return events;
    const result = await this.files.read(last.result);
    return [...events.slice(0, -1), { ...last, result }];
  }

  /** The JSON of a record's result as written: the reference to its file, or the result itself (serialised once). */
  resultJson(record: ExecutionRecord, terminal: boolean): string | null {
    const ref = this.refs.get(record.id);
    if (ref !== undefined && terminal) return JSON.stringify(ref);
    return record.result === null ? null : resultJson(record.result);
  }

  /** The JSON of an event as written: a terminal event refers to its result's file. */
  eventJson(executionId: string, event: EngineEvent): string {
    const ref = this.refs.get(executionId);
    return ref !== undefined && isTerminalEvent(event) ? jsonWith(event, 'result', JSON.stringify(ref)) : eventJson(event);
  }

  /** Forgets the reference of a result once the terminal state that refers to it is written. */
  written(id: string): void {
    this.refs.delete(id);
  }

  /** Removes the file of a deleted execution's result, when it has one. */
  async remove(id: string): Promise<void> {
    await this.files?.remove(id);
  }
}
