import { z } from 'zod';

/** The states of an execution, in the order they are reached. */
export const EXECUTION_STATUSES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;

/** The state of an execution: queued -> running -> completed | failed | cancelled; a terminal state never changes again. */
export const ExecutionStatusSchema = z.enum(EXECUTION_STATUSES).describe('queued -> running -> completed | failed | cancelled; the last three never change again');

/** The state of an execution. */
export type ExecutionStatus = z.infer<typeof ExecutionStatusSchema>;

/** The states an execution never leaves. */
export const TERMINAL_STATUSES: readonly ExecutionStatus[] = ['completed', 'failed', 'cancelled'];

/** Tells whether a state is final. */
export function isTerminalStatus(status: ExecutionStatus): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}
