import type { MongoClient } from 'mongodb';
import { z } from 'zod';
import { ActorError, type OutPortSpec, defineActor, errorMessage, resourceKind } from '../../engine';
import { DEFAULT_EGRESS } from '../network/network-actor-options';
import { describeDatabase } from './database-settings';
import { numberSetting, optionalText, requiredText } from '../shared';
import { type DatabaseActorOptions } from './sql-pool-actor';

/** A MongoDB client of a run and the database its node names. */
export interface MongoHandle {
  readonly client: MongoClient;
  readonly database: string;
}

/** The kind of the MongoDB clients in a run's resources. */
export const MONGO_CLIENT = resourceKind<MongoHandle>('mongo-client');

/** The two templates of the MongoDB pool: the current one, and the older one of the IDE's JSON catalogue. */
const TEMPLATES = {
  tpl_mongodb_pool_manager: 'pool-id',
  tpl_mongodb: 'pool-out',
} as const;

/** The MongoDB pool properties, plus the credentials and connection time limit of this service's own. */
const MongoPoolConfigSchema = z.object({
  host: requiredText('Host name or address of the server'),
  port: numberSetting('TCP port of the server', z.number().int().min(1).max(65_535).default(27_017)),
  database: requiredText('The database the collection nodes use'),
  maxConnections: numberSetting('Connections the client may open at once', z.number().int().min(1).max(100).default(10)),
  replicaSet: optionalText('The replica set name, when the server is part of one'),
  user: optionalText('User name; when unset, the secret MONGODB_USER'),
  password: optionalText('Password, usually written as ${secret:NAME}; when unset, the secret MONGODB_PASSWORD'),
  connectionTimeout: numberSetting('Time limit of finding and connecting to the server, in milliseconds', z.number().int().min(1).max(600_000).default(30_000)),
});

/**
 * Builds a MongoDB pool node (`tpl_mongodb_pool_manager`, or the older `tpl_mongodb`): it connects with the
 * official driver when the run starts, checks the server with a ping, registers the client in the run's
 * resources (closed when the run ends) and sends its handle for the collection nodes, with `{status,
 * host, port, database}` on `status-out`.
 */
export function createMongoPoolActor(id: keyof typeof TEMPLATES, options: DatabaseActorOptions = {}) {
  const handlePort = TEMPLATES[id];
  return defineActor({
    id,
    title: 'MongoDB',
    description: 'Opens a MongoDB client for the collection nodes of the run, closed when the run ends.',
    inports: {},
    outports: {
      [handlePort]: { type: 'string', description: 'The client handle, for the `pool-id` port of Get Collection and Write Collection nodes.' },
      'status-out': { type: 'object', description: 'The connection: {status, host, port, database, replicaSet}.' },
    } as Record<typeof handlePort | 'status-out', OutPortSpec>,
    config: MongoPoolConfigSchema,
    // The pool is a resource of this process, gone after a crash: a resumed run must open it again (a replayed handle would name nothing).
    effects: 'none',
    fire: async ({ config, resources, secret, send, signal }) => {
      const address = await (options.egress ?? DEFAULT_EGRESS).checkedAddress(config.host, config.port);
      const user = config.user ?? secret('MONGODB_USER');
      const password = config.password ?? secret('MONGODB_PASSWORD');
      // The driver is loaded by the first MongoDB node, so that a service that never uses it does not pay for it.
      const { MongoClient: Client } = await import('mongodb');
      const client = new Client(`mongodb://${address.includes(':') ? `[${address}]` : address}:${config.port}/${encodeURIComponent(config.database)}`, {
        maxPoolSize: config.maxConnections,
        serverSelectionTimeoutMS: config.connectionTimeout,
        connectTimeoutMS: config.connectionTimeout,
        ...(config.replicaSet === undefined ? { directConnection: true } : { replicaSet: config.replicaSet }),
        ...(user === undefined ? {} : { auth: { username: user, password } }),
      });
      try {
        await client.connect();
        await client.db(config.database).command({ ping: 1 });
      } catch (error) {
        await client.close().catch(() => undefined);
        throw new ActorError(`Could not connect to MongoDB at ${describeDatabase(config)}: ${errorMessage(error)}`, { code: 'CONNECTION_FAILED' });
      }
      if (signal.aborted) {
        await client.close();
        return;
      }
      const handle = resources.add(MONGO_CLIENT, { client, database: config.database }, ({ client: opened }) => opened.close());
      await send(handlePort, handle);
      await send('status-out', { status: 'connected', host: config.host, port: config.port, database: config.database, replicaSet: config.replicaSet ?? null });
    },
  });
}
