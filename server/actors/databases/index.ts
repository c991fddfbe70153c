import { type AnyActorDefinition } from '../../engine';
import { createSqlPoolActor } from './sql-pool-actor';
import { sqlScriptActor } from './sql-script-actor';

/** The database family of the catalogue: PostgreSQL and MySQL pools and the SQL script that uses them. */
export const databaseActors: readonly AnyActorDefinition[] = [createSqlPoolActor('postgresql'), createSqlPoolActor('mysql'), sqlScriptActor];
export { type DatabaseActorOptions, createSqlPoolActor } from './sql-pool-actor';
export { SQL_POOL, type SqlPool } from './sql-pool';
export { sqlScriptActor } from './sql-script-actor';
