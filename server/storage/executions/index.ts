export { type ExecutionStore, type ExecutionQuery, type ExecutionPage, type TerminalEventOf } from './execution-store';
export { MemoryExecutionStore } from './memory-execution-store';
export { SqliteExecutionStore } from './sqlite-execution-store';
export { PostgresExecutionStore } from './postgres-execution-store';
