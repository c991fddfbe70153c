export { connectionConfig, redacted, dropNamespace } from './postgres-connection';
export { postgresNamespace } from './postgres-namespace';
export { PostgresListener } from './postgres-listener';
export { transaction } from './postgres-transaction';
export { openMigratedPool } from './migrated-pool';
export { POSTGRES_MIGRATIONS } from './postgres-migrations';
export { prepared } from './prepared-query';
