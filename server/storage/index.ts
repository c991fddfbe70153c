// Where the service keeps what it records, one store interface per kind of record, each with its adapters
// (memory, SQLite, PostgreSQL).
export * from './executions';
export * from './deployments';
export { dropNamespace } from './postgres';
export * from './protocol-graphs';
