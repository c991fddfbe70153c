import { type JsonValue } from '../../engine';
import { type DataOperation } from './data-operation';
import { type FailureLog, type ItemFate } from './failure-policy';
import { type FieldPath } from '../shared';

/**
 * The value flowing through a transformer pipeline: always a list of items, plus whether it stands for one
 * value (a non-array input, or the result of merge/aggregate) and, after a group operation, the grouping field.
 */
export interface PipelineValue {
  readonly items: JsonValue[];
  readonly single: boolean;
  readonly groupedBy?: FieldPath;
}

/** What an operation sees besides the value: where failures go, the batch size and the run's signal. */
export interface OperationContext {
  readonly operation: DataOperation;
  readonly setName?: string;
  readonly batchSize: number;
  readonly signal?: AbortSignal;
  readonly failures: FailureLog;
}

/** One step of the pipeline. */
export type OperationStep = (value: PipelineValue, ctx: OperationContext) => Promise<PipelineValue> | PipelineValue;

/** Wraps the packet of `data-in`: an array is a list of items, anything else one item. */
export function pipelineInput(data: JsonValue): PipelineValue {
  return Array.isArray(data) ? { items: data, single: false } : { items: [data], single: true };
}

/** What the pipeline emits: the list, or the single value (none when a single value was filtered out). */
export function pipelineOutput(value: PipelineValue): { found: true; value: JsonValue } | { found: false } {
  if (!value.single) return { found: true, value: value.items };
  if (value.items.length === 0) return { found: false };
  return { found: true, value: value.items.length === 1 ? value.items[0] : value.items };
}

/** Records an item's failure at its index and says whether it stays. */
export function itemFailed(ctx: OperationContext, index: number, message: string): ItemFate {
  return ctx.failures.itemFailed({ operation: ctx.operation, setName: ctx.setName, index }, message);
}

/** Splits items into consecutive batches of at most `size`. */
export function batchesOf<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}
