import { AppError } from '../../errors';
import { type ExecutionRecord } from '../execution-record';
import { type ExecutionStore } from '../../storage';
import { type ExecutionRun } from './execution-run';

/**
 * An execution as this node knows it best: a copy of its run's record while it runs here (ahead of the store's
 * writes), else the store's.
 * @throws AppError NOT_FOUND
 */
export async function currentRecord(owned: ReadonlyMap<string, ExecutionRun>, store: ExecutionStore, id: string): Promise<ExecutionRecord> {
  const run = owned.get(id);
  if (run) return { ...run.record };
  const record = await store.get(id);
  if (!record) throw executionNotFound(id);
  return record;
}

/** The answer to an unknown execution id, and to another tenant's: the two are told apart by nothing. */
export const executionNotFound = (id: string): AppError => new AppError('NOT_FOUND', `Execution '${id}' not found`);
