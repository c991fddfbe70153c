import { TERMINAL_EVENT_TYPES as TERMINAL_EVENT_TYPE_LIST, TERMINAL_STATUSES as TERMINAL_STATUS_LIST } from './generated/execution-states';
import { type components } from './generated/openapi';

type Schemas = components['schemas'];

/** The event types that end an execution's log: exactly one of them comes, last. */
export const TERMINAL_EVENT_TYPES: ReadonlySet<string> = new Set<Schemas['ExecutionEvent']['_type']>(TERMINAL_EVENT_TYPE_LIST);

/** The states an execution never leaves. */
export const TERMINAL_STATUSES: ReadonlySet<string> = new Set<Schemas['Execution']['status']>(TERMINAL_STATUS_LIST);
