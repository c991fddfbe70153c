import { type JsonObject } from '../../engine';

/** The operations of the `tpl_arrow_operations` template. */
export const ARROW_OPERATIONS = ['convert', 'filter', 'aggregate', 'join', 'sort'] as const;
type ArrowOperation = (typeof ARROW_OPERATIONS)[number];

/** What one operation is asked to do (apache-arrow itself is loaded only by the worker that runs it). */
export interface ArrowRequest {
  readonly operation: ArrowOperation;
  readonly records: JsonObject[];
  /** The operation's parameters (`schema-in`): see `runArrowOperation`. */
  readonly spec: JsonObject;
  readonly chunkSize: number;
  readonly statistics: boolean;
}
