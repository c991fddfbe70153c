import { ExecutionEventSchema as ModelExecutionEventSchema } from '../model';
import './openapi-zod';

/** One event of an execution's log. */
export const ExecutionEventSchema = ModelExecutionEventSchema.openapi('ExecutionEvent');
export { type EngineEvent as ExecutionEvent } from '../model';
