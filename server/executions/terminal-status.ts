import { type TerminalEvent } from '../engine';
import { type ExecutionStatus } from '../../model';

const STATUS_OF_TERMINAL_EVENT = { Completed: 'completed', Failed: 'failed', Cancelled: 'cancelled' } as const satisfies Record<
  TerminalEvent['_type'],
  ExecutionStatus
>;

/** The status an execution ends in with its terminal event. */
export function statusOfTerminalEvent(event: TerminalEvent): ExecutionStatus {
  return STATUS_OF_TERMINAL_EVENT[event._type];
}
