export { openSqlite } from './sqlite-database';
export { type SqliteMigration, applySqliteMigrations } from './sqlite-migrator';
export { SQLITE_DEPLOYMENT_MIGRATIONS, SQLITE_EXECUTION_MIGRATIONS } from './sqlite-migrations';
