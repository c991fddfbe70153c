export { type ExecutionRecord, type ExecutionUpdate } from './execution-record';
export { type ExecutionStore, type ExecutionQuery, type ExecutionPage, InvalidCursorError } from './execution-store';
export { MemoryExecutionStore } from './memory-execution-store';
export { SqliteExecutionStore } from './sqlite-execution-store';
export { type ExecutionObserver } from './execution-observer';
export { WebhookNotifier, type WebhookOptions } from './webhook-notifier';
export { type StartDefaults, workflowIdOf } from './start-request';
export { EventFollower, type EventFollowerOptions, type DeliveryVerdict } from './event-follower';
export { ExecutionService, type ExecutionServiceOptions, type StartOutcome, type EventSlice, type EventPage, type RetentionPolicy } from './execution-service';
