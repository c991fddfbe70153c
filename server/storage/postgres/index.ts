export { connectionConfig, redacted, dropNamespace } from './postgres-connection';
export { type PostgresNamespace, postgresNamespace } from './postgres-namespace';
export { type PostgresListenerHandlers, PostgresListener } from './postgres-listener';
export { transaction } from './postgres-transaction';
export { type PostgresMigration, applyMigrations } from './postgres-migrator';
export { POSTGRES_MIGRATIONS } from './postgres-migrations';
