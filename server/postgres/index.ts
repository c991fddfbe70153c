export { connectionConfig, redacted, dropNamespace } from './postgres-connection';
export { type PostgresNamespace, postgresNamespace } from './postgres-namespace';
