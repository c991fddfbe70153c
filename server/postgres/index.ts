export { connectionConfig, redacted, dropNamespace } from './postgres-connection';
export { type PostgresNamespace, postgresNamespace } from './postgres-namespace';
export { type PostgresListenerHandlers, PostgresListener } from './postgres-listener';
export { transaction } from './postgres-transaction';
