// Where the service keeps what it records, one store interface per kind of record, each with its adapters
// (memory, SQLite, PostgreSQL).
export {
  type ExecutionStore,
  type ExecutionQuery,
  type ExecutionPage,
  type TerminalEventOf,
  MemoryExecutionStore,
  SqliteExecutionStore,
  PostgresExecutionStore,
} from './executions';
export { type DeploymentStore, MemoryDeploymentStore, SqliteDeploymentStore, PostgresDeploymentStore } from './deployments';
export { type ProtocolGraphStore, MemoryProtocolGraphStore, SqliteProtocolGraphStore, PostgresProtocolGraphStore } from './protocol-graphs';
export { type AuditStore, type AuditQuery, type AuditPage, MemoryAuditStore, SqliteAuditStore, PostgresAuditStore } from './audit';
export { dropNamespace } from './postgres';
