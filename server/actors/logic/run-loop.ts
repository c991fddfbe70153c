import { type JsonObject, type JsonValue } from '../../engine';
import { type ConditionTest } from '../shared';

/** The summary a loop sends on done-out when it ends. */
export type LoopSummary = {
  /** for-each: the number of elements of the input; while/do-while: the number of iterations. */
  count: number;
  /** How many times item-out was sent. */
  iterations: number;
  /** Whether the loop reached its natural end: every element (for-each), or its break condition (while/do-while). */
  completed: boolean;
  /** What ended the loop early (for-each) or at all (while/do-while). */
  stoppedBy?: 'maxIterations' | 'breakCondition';
};

/** The done-out packet of a summary: `stoppedBy` only when the loop was stopped. */
export function summaryPacket({ stoppedBy, ...summary }: LoopSummary): JsonObject {
  return stoppedBy === undefined ? summary : { ...summary, stoppedBy };
}

/** What a loop needs to iterate: where to emit, when to stop, how to notice a cancellation. */
export interface LoopDriver {
  emit(item: JsonValue, index: number): Promise<void>;
  readonly maxIterations: number;
  readonly breakTest: ConditionTest | undefined;
  readonly signal: AbortSignal;
}

/** Splits items into chunks of `size` (a copy of the items when size is 1). */
export function chunkItems(items: readonly JsonValue[], size: number): JsonValue[] {
  if (size <= 1) return [...items];
  const chunks: JsonValue[] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

/** How long a loop may run between two turns of the event loop, in milliseconds. */
const SLICE_MS = 4;

/** Yields to the event loop when the current slice is used up; returns the start of the next slice. */
async function pace(sliceStart: number): Promise<number> {
  if (performance.now() - sliceStart < SLICE_MS) return sliceStart;
  await new Promise<void>((resolve) => setImmediate(resolve));
  return performance.now();
}

/**
 * Emits each unit (an element, or a chunk) with its index until the units run out, maxIterations units
 * were emitted, or the break condition holds for the next unit (which is not emitted). Undefined when cancelled.
 */
export async function runForEach(units: readonly JsonValue[], count: number, driver: LoopDriver): Promise<LoopSummary | undefined> {
  let slice = performance.now();
  for (let index = 0; index < units.length; index++) {
    if (driver.signal.aborted) return undefined;
    if (index >= driver.maxIterations) return { count, iterations: index, completed: false, stoppedBy: 'maxIterations' };
    if (driver.breakTest?.({ item: units[index], index })) return { count, iterations: index, completed: false, stoppedBy: 'breakCondition' };
    await driver.emit(units[index], index);
    slice = await pace(slice);
  }
  return driver.signal.aborted ? undefined : { count, iterations: units.length, completed: true };
}

/**
 * Emits the same item again and again, with index 0, 1, 2...: before each iteration the break condition
 * is tested (from the second one on for do-while) and ends the loop when it holds; maxIterations bounds it.
 * Undefined when cancelled.
 */
export async function runRepeat(item: JsonValue, checkFirst: boolean, driver: LoopDriver): Promise<LoopSummary | undefined> {
  let slice = performance.now();
  for (let index = 0; ; index++) {
    if (driver.signal.aborted) return undefined;
    if (index >= driver.maxIterations) return { count: index, iterations: index, completed: false, stoppedBy: 'maxIterations' };
    if ((checkFirst || index > 0) && driver.breakTest?.({ item, index })) {
      return { count: index, iterations: index, completed: true, stoppedBy: 'breakCondition' };
    }
    await driver.emit(item, index);
    slice = await pace(slice);
  }
}
