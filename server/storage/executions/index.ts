export { type ExecutionStore, type ExecutionQuery, type ExecutionPage, type PruneLimits, type TerminalEventOf } from './execution-store';
export { MemoryExecutionStore } from './memory-execution-store';
export { SqliteExecutionStore } from './sqlite-execution-store';
export { PostgresExecutionStore, type PostgresStoreOptions } from './postgres-execution-store';
export { EVERY_EXECUTION, type AppendListener } from './postgres-append-listener';
