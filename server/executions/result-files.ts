import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { open, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { type JsonValue, type RunResult } from '../engine';
import { keepJson, outputPieceIndexes } from './result-json';

/**
 * What a record and a terminal event hold in place of a result kept in a file: the file's name and, for a
 * result whose outputs were measured, where each output's value lies in its text (in characters, start and end).
 */
export interface ResultFileRef {
  $result_file: string;
  $outputs?: Record<string, [number, number]>;
}

/** Results whose JSON is longer than this (in characters) are kept in a file of their own rather than in the database. */
export const LARGE_RESULT_CHARS = 256 * 1024;

/**
 * The characters of result text converted and written at a time. Converting eight megabytes of text to bytes
 * at once held the event loop for 80-240 ms on a busy machine; slice by slice, other work runs in between.
 */
const WRITE_SLICE_CHARS = 64 * 1024;

/** Whether a stored result is a reference to a result file. */
export function isResultFileRef(value: unknown): value is ResultFileRef {
  return typeof value === 'object' && value !== null && typeof (value as Partial<ResultFileRef>).$result_file === 'string';
}

/**
 * The results of several hundred kilobytes and more, one JSON file per execution in a directory of the data
 * dir. Writing them goes through the thread pool of libuv, off the event loop: written into the database in
 * its batch, eight megabytes held the loop for about half a second, and a few at once for many seconds. A
 * file is written whole (and flushed to disk) under a temporary name and renamed before the database refers
 * to it, so a reference never points to a partial file.
 */
export class ResultFiles {
  private held = 0;

  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
    // Counted once here and kept current by write and remove, so that the data directory's budget can count
    // the files without listing them every time it measures.
    for (const name of readdirSync(dir)) this.held += statSync(join(dir, name), { throwIfNoEntry: false })?.size ?? 0;
  }

  /** Bytes the result files hold on disk. */
  get bytes(): number {
    return this.held;
  }

  /** The file name of an execution's result: a digest, as execution ids are chosen by callers. */
  nameOf(executionId: string): string {
    return `${createHash('sha256').update(executionId).digest('hex').slice(0, 40)}.json`;
  }

  /** Writes an execution's result (its JSON text in pieces); resolves with its reference once it is on disk. */
  async write(executionId: string, pieces: readonly string[]): Promise<ResultFileRef> {
    const name = this.nameOf(executionId);
    const temporary = join(this.dir, `${name}.partial`);
    const file = await open(temporary, 'w');
    let written = 0;
    const spans = outputSpans(pieces);
    try {
      for (const text of pieces) {
        for (let at = 0; at < text.length; at += WRITE_SLICE_CHARS)
          written += (await file.write(text.slice(at, at + WRITE_SLICE_CHARS), null, 'utf8')).bytesWritten;
      }
      await file.datasync();
    } finally {
      await file.close();
    }
    const target = join(this.dir, name);
    const replaced = (await stat(target).catch(() => undefined))?.size ?? 0;
    await rename(temporary, target);
    this.held += written - replaced;
    return spans === undefined ? { $result_file: name } : { $result_file: name, $outputs: spans };
  }

  /**
   * Reads a result back, its text kept for the answers. When the reference says where the outputs' values
   * lie, only the rest is parsed now, and each value when first read: a client reading an execution gets
   * the text as it is in the file, and the megabytes of its outputs are not parsed on the event loop.
   * @throws Error when its file is gone or unreadable
   */
  async read(ref: ResultFileRef): Promise<RunResult> {
    const text = await readFile(join(this.dir, basename(ref.$result_file)), 'utf8');
    const result = (ref.$outputs !== undefined ? lazilyParsed(text, ref.$outputs) : undefined) ?? (JSON.parse(text) as RunResult);
    keepJson(result, text);
    return result;
  }

  /** Removes the result file of a deleted execution, when it has one. */
  async remove(executionId: string): Promise<void> {
    const path = join(this.dir, this.nameOf(executionId));
    const size = (await stat(path).catch(() => undefined))?.size;
    if (size === undefined) return;
    await rm(path, { force: true });
    this.held = Math.max(0, this.held - size);
  }
}

// Where each output's value lies in the text the pieces make, when the pieces are a measured result's.
function outputSpans(pieces: readonly string[]): Record<string, [number, number]> | undefined {
  const indexes = outputPieceIndexes(pieces);
  if (indexes === undefined || indexes.size === 0) return undefined;
  const starts: number[] = [];
  for (let i = 0, at = 0; i < pieces.length; at += pieces[i].length, i++) starts.push(at);
  const spans: Record<string, [number, number]> = {};
  for (const [name, index] of indexes) {
    Object.defineProperty(spans, name, { value: [starts[index], starts[index] + pieces[index].length], enumerable: true, writable: true, configurable: true });
  }
  return spans;
}

// The result in `text` with its outputs' values (at `spans`) parsed when first read; undefined when the spans
// do not fit the text (it is then parsed whole).
function lazilyParsed(text: string, spans: Record<string, [number, number]>): RunResult | undefined {
  const ordered = Object.entries(spans).sort((a, b) => a[1][0] - b[1][0]);
  let skeleton = '';
  let at = 0;
  for (const [, [start, end]] of ordered) {
    if (!(Number.isInteger(start) && Number.isInteger(end) && at <= start && start <= end && end <= text.length)) return undefined;
    skeleton += `${text.slice(at, start)}null`;
    at = end;
  }
  skeleton += text.slice(at);
  let result: RunResult;
  try {
    result = JSON.parse(skeleton) as RunResult;
  } catch {
    return undefined;
  }
  const outputs = result.outputs as Record<string, JsonValue> | undefined;
  if (outputs === null || typeof outputs !== 'object' || !ordered.every(([name]) => Object.hasOwn(outputs, name) && outputs[name] === null)) return undefined;
  for (const [name, [start, end]] of ordered) {
    let parsed: { value: JsonValue } | undefined;
    const get = (): JsonValue => (parsed ??= { value: JSON.parse(text.slice(start, end)) as JsonValue }).value;
    Object.defineProperty(outputs, name, { get, enumerable: true, configurable: true });
  }
  return result;
}
