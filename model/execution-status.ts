import { z } from 'zod';

/** The states an execution passes through before its end. */
const ACTIVE_STATUSES = ['queued', 'running'] as const;

/** The states an execution never leaves. */
export const TERMINAL_STATUSES = ['completed', 'failed', 'cancelled'] as const;

/** The states of an execution, in the order they are reached. */
export const EXECUTION_STATUSES = [...ACTIVE_STATUSES, ...TERMINAL_STATUSES] as const;

/** The state of an execution: queued -> running -> completed | failed | cancelled; a terminal state never changes again. */
export const ExecutionStatusSchema = z
  .enum(EXECUTION_STATUSES)
  .describe('queued -> running -> completed | failed | cancelled; the last three never change again');

/** The state of an execution. */
export type ExecutionStatus = z.infer<typeof ExecutionStatusSchema>;

/** Tells whether a state is final. */
export function isTerminalStatus(status: ExecutionStatus): boolean {
  return (TERMINAL_STATUSES as readonly ExecutionStatus[]).includes(status);
}

/** Renders states as the list of an SQL `IN (...)`: `'completed', 'failed', 'cancelled'`. */
function sqlList(statuses: readonly ExecutionStatus[]): string {
  return statuses.map((status) => `'${status}'`).join(', ');
}

/**
 * The terminal states as an SQL list, for `status IN (...)`, ready to render into a statement.
 * @example `SELECT id FROM executions WHERE status IN (${TERMINAL_STATUSES_SQL})`
 */
export const TERMINAL_STATUSES_SQL = sqlList(TERMINAL_STATUSES);

/** The states before the end as an SQL list, for `status IN (...)` (`'queued', 'running'`). */
export const ACTIVE_STATUSES_SQL = sqlList(ACTIVE_STATUSES);
