import { TERMINAL_STATUSES } from '../../model';

/**
 * The terminal states as an SQL list, `('completed', 'failed', 'cancelled')`, made from the model's list so that
 * a state added there is known to every query: `status IN ${TERMINAL_STATUS_SQL}` is a finished execution.
 */
export const TERMINAL_STATUS_SQL = `(${TERMINAL_STATUSES.map((status) => `'${status}'`).join(', ')})`;

/** The condition that an execution is not finished (queued or running), for the `WHERE` of either dialect. */
export const UNFINISHED_SQL = `(status NOT IN ${TERMINAL_STATUS_SQL})`;
