export { type AuditStore, type AuditQuery, type AuditPage } from './audit-store';
export { MemoryAuditStore } from './memory-audit-store';
export { SqliteAuditStore } from './sqlite-audit-store';
export { PostgresAuditStore } from './postgres-audit-store';
