import { type components } from './generated/openapi';

type Schemas = components['schemas'];

/** The event types that end an execution's log: exactly one of them comes, last. */
export const TERMINAL_EVENT_TYPES: ReadonlySet<string> = new Set<Schemas['ExecutionEvent']['_type']>(['Completed', 'Failed', 'Cancelled']);

/** The states an execution never leaves. */
export const TERMINAL_STATUSES: ReadonlySet<string> = new Set<Schemas['Execution']['status']>(['completed', 'failed', 'cancelled']);
