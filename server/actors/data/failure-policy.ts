import { type JsonObject } from '../../engine';
import { type DataOperation, type ErrorHandling } from './data-operation';

/** One failure of the transformer, as sent on `errors-out`. */
export interface TransformFailure extends JsonObject {
  message: string;
  /** The operation type (`filter`, `map`, ...) or `validation`. */
  operation: string;
}

/** Where a failure happened: the operation and, for an item, its index in the value the operation received. */
export interface FailureSite {
  readonly operation: DataOperation | 'validation';
  readonly setName?: string;
  readonly index?: number;
}

/** Thrown when `stop_pipeline` meets a failure: the firing ends with no result. */
export class PipelineStopped extends Error {
  constructor(readonly failure: TransformFailure) {
    super(failure.message);
    this.name = 'PipelineStopped';
  }
}

/** What happens to an item whose operation failed. */
export type ItemFate = 'keep' | 'drop';

/**
 * Applies `errorHandling` to failures and records those to report: `ignore` keeps a failing item unchanged and
 * reports nothing, `skip_item` drops it and reports, `log_and_continue` keeps it unchanged and reports,
 * `stop_pipeline` stops at the first failure. A failed operation as a whole (a syntax error, a time limit)
 * leaves the value unchanged in every mode but `stop_pipeline`.
 */
export class FailureLog {
  readonly failures: TransformFailure[] = [];

  constructor(readonly mode: ErrorHandling) {}

  /** Records an item's failure and says whether the item stays (unchanged) or goes. */
  itemFailed(site: FailureSite, message: string): ItemFate {
    this.record(site, message);
    return this.mode === 'skip_item' ? 'drop' : 'keep';
  }

  /** Records the failure of a whole operation; the caller leaves the value as it was. */
  operationFailed(site: FailureSite, message: string): void {
    this.record(site, message);
  }

  private record(site: FailureSite, message: string): void {
    const failure = describeFailure(site, message);
    if (this.mode === 'stop_pipeline') throw new PipelineStopped(failure);
    if (this.mode !== 'ignore') this.failures.push(failure);
  }
}

function describeFailure(site: FailureSite, message: string): TransformFailure {
  const operation = site.operation;
  const failure: TransformFailure = { message, operation: operation === 'validation' ? 'validation' : operation.type };
  if (operation !== 'validation' && operation.id !== undefined) failure.operationId = operation.id;
  if (site.setName !== undefined) failure.set = site.setName;
  if (site.index !== undefined) failure.index = site.index;
  return failure;
}
