import { type EngineEvent } from '../engine';
import { type ExecutionRecord } from './execution-record';

/**
 * Something that follows every execution (the IDE event bridge, metrics). Its calls must be quick and
 * must not throw; whatever it does with the network happens in the background. In a cluster, the observers
 * of the node that runs an execution follow it, from its claim on.
 */
export interface ExecutionObserver {
  /** The execution has been accepted (it may still be queued); in a cluster, claimed by this node. */
  onAccepted?(execution: ExecutionRecord): void;
  /** An event was appended to the execution's log. */
  onEvent?(execution: ExecutionRecord, event: EngineEvent): void;
  /** The execution reached its final state; `execution.result` is set. */
  onFinished?(execution: ExecutionRecord): void;
}
