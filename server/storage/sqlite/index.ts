export { openSqlite } from './sqlite-database';
export { SQLITE_AUDIT_MIGRATIONS, SQLITE_DEPLOYMENT_MIGRATIONS, SQLITE_EXECUTION_MIGRATIONS, SQLITE_PROTOCOL_GRAPH_MIGRATIONS } from './sqlite-migrations';
