import { type JsonValue, errorMessage } from '../../engine';
import { aggregateOperation } from './aggregate-operation';
import { groupOperation, mergeOperation, sortOperation, splitOperation } from './collection-operations';
import { type DataOperationSet, type DataOperationType } from './data-operation';
import { filterOperation, mapOperation, transformOperation } from './expression-operations';
import { type FailureLog, PipelineStopped } from './failure-policy';
import { type OperationStep, type PipelineValue, pipelineInput } from './pipeline-value';

const STEPS: Record<DataOperationType, OperationStep> = {
  map: mapOperation,
  filter: filterOperation,
  sort: sortOperation,
  transform: transformOperation,
  group: groupOperation,
  aggregate: aggregateOperation,
  merge: mergeOperation,
  split: splitOperation,
};

/** How a pipeline runs. */
export interface PipelineOptions {
  /** Applies `errorHandling` and collects the failures to report. */
  readonly failures: FailureLog;
  /** Items per sandboxed expression call. */
  readonly batchSize: number;
  readonly signal?: AbortSignal;
}

/**
 * Applies each enabled operation of each set, in order, to the data. An operation that fails as a whole is
 * reported and skipped; item failures follow `errorHandling`.
 * @throws PipelineStopped at the first failure under `stop_pipeline`.
 */
export async function runPipeline(sets: readonly DataOperationSet[], data: JsonValue, options: PipelineOptions): Promise<PipelineValue> {
  const { failures, batchSize, signal } = options;
  let value = pipelineInput(data);
  for (const set of sets) {
    for (const operation of set.operations) {
      if (!operation.enabled) continue;
      try {
        value = await STEPS[operation.type](value, { operation, setName: set.name, batchSize, signal, failures });
      } catch (error) {
        if (error instanceof PipelineStopped) throw error;
        signal?.throwIfAborted();
        failures.operationFailed({ operation, setName: set.name }, errorMessage(error));
      }
    }
  }
  return value;
}
