import { type AnyActorDefinition } from '../../engine';
import { createSqlPoolActor } from './sql-pool-actor';
import { sqlScriptActor } from './sql-script-actor';
import { createMongoPoolActor } from './mongo-pool-actor';
import { mongoGetCollectionActor, mongoWriteCollectionActor } from './mongo-collection-actors';

/** The database family of the catalogue: PostgreSQL, MySQL and MongoDB clients and the nodes that use them. */
export const databaseActors: readonly AnyActorDefinition[] = [
  createSqlPoolActor('postgresql'),
  createSqlPoolActor('mysql'),
  sqlScriptActor,
  createMongoPoolActor('tpl_mongodb_pool_manager'),
  createMongoPoolActor('tpl_mongodb'),
  mongoGetCollectionActor,
  mongoWriteCollectionActor,
];
export { createSqlPoolActor } from './sql-pool-actor';
export { sqlScriptActor } from './sql-script-actor';
export { createMongoPoolActor } from './mongo-pool-actor';
export { mongoGetCollectionActor, mongoWriteCollectionActor } from './mongo-collection-actors';
