import { z } from 'zod';
import { ActorError, defineActor, errorMessage } from '../../engine';
import { type EgressPolicy } from '../../outbound-http';
import { DEFAULT_EGRESS } from '../network/network-actor-options';
import { type DatabaseSettings, describeDatabase } from './database-settings';
import { SQL_POOL, type SqlPool } from './sql-pool';
import { booleanSetting, numberSetting, optionalText, requiredText } from '../shared';
import { openMysqlPool } from './mysql-pool';
import { openPostgresPool } from './postgres-pool';

/** What the database actor factories take from the server. */
export interface DatabaseActorOptions {
  /** What connections may reach. @default the built-in denials only */
  egress?: EgressPolicy;
}

/** The SQL servers a pool node opens, with what differs between them. */
const DRIVERS = {
  postgresql: {
    id: 'tpl_postgresql',
    title: 'PostgreSQL',
    port: 5432,
    secrets: { url: 'DATABASE_URL', user: 'DB_USER', password: 'DB_PASSWORD' },
    open: openPostgresPool,
  },
  mysql: {
    id: 'tpl_mysql',
    title: 'MySQL',
    port: 3306,
    secrets: { url: 'MYSQL_URL', user: 'MYSQL_USER', password: 'MYSQL_PASSWORD' },
    open: openMysqlPool,
  },
} as const;

function poolConfigSchema(defaultPort: number, secrets: { user: string; password: string }) {
  return z.object({
    host: requiredText('Host name or address of the server'),
    port: numberSetting('TCP port of the server', z.number().int().min(1).max(65_535).default(defaultPort)),
    database: requiredText('The database to connect to'),
    maxConnections: numberSetting('Connections the pool may open at once', z.number().int().min(1).max(100).default(10)),
    connectionTimeout: numberSetting('Time limit of opening a connection, in milliseconds', z.number().int().min(1).max(600_000).default(30_000)),
    user: optionalText(`User name; when unset, the secret ${secrets.user}`),
    password: optionalText(`Password, usually written as \${secret:NAME}; when unset, the secret ${secrets.password}`),
  });
}

/** The PostgreSQL node's own settings, beside those of every pool node. */
const POSTGRES_SETTINGS = {
  multipleStatements: booleanSetting(
    'Lets a SQL Script text hold several statements separated by ";", run without parameters; off, a firing runs exactly one statement and a second is refused',
    false,
  ),
};

/**
 * Builds the pool node of a SQL server (`tpl_postgresql` or `tpl_mysql`): it opens a pool when the run starts,
 * checks it with one round trip, registers it in the run's resources (closed when the run ends, whatever way)
 * and sends its handle on `pool-id` for SQL script nodes, with `{status, driver, host, port, database,
 * serverVersion}` on `status-out`. Connections go where the egress policy lets them, and a server that cannot
 * be reached fails the node with the driver's reason.
 */
export function createSqlPoolActor(driver: keyof typeof DRIVERS, options: DatabaseActorOptions = {}) {
  const spec = DRIVERS[driver];
  return defineActor({
    id: spec.id,
    title: spec.title,
    description: `Opens a pool of ${spec.title} connections for the SQL Script nodes of the run, closed when the run ends.`,
    inports: {},
    outports: {
      'pool-id': { type: 'string', description: 'The pool handle, for the `pool-id` port of SQL Script nodes.' },
      'status-out': { type: 'object', description: 'The pool: {status, driver, host, port, database, serverVersion, maxConnections}.' },
    },
    config: poolConfigSchema(spec.port, spec.secrets).extend(driver === 'postgresql' ? POSTGRES_SETTINGS : {}),
    // The pool is a resource of this process, gone after a crash: a resumed run must open it again (a replayed handle would name nothing).
    effects: 'none',
    fire: async ({ config, resources, secret, send, signal }) => {
      const address = await (options.egress ?? DEFAULT_EGRESS).checkedAddress(config.host, config.port);
      const settings: DatabaseSettings = {
        host: config.host,
        address,
        port: config.port,
        database: config.database,
        user: config.user ?? secret(spec.secrets.user),
        password: config.password ?? secret(spec.secrets.password),
        maxConnections: config.maxConnections,
        connectionTimeoutMs: config.connectionTimeout,
        multipleStatements: 'multipleStatements' in config && config.multipleStatements === true,
      };
      let opened: { pool: SqlPool; version: string };
      try {
        opened = await spec.open(settings);
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        throw new ActorError(
          `Could not connect to ${spec.title} at ${describeDatabase(settings)}: ${errorMessage(error)}`,
          typeof code === 'string' ? { code } : {},
        );
      }
      if (signal.aborted) {
        await opened.pool.close();
        return;
      }
      const handle = resources.add(SQL_POOL, opened.pool, (pool) => pool.close());
      await send('pool-id', handle);
      await send('status-out', {
        status: 'connected',
        driver,
        host: config.host,
        port: config.port,
        database: config.database,
        serverVersion: opened.version,
        maxConnections: config.maxConnections,
      });
    },
  });
}
