import { randomUUID } from 'node:crypto';
import { type JsonObject, type JsonValue } from '../../server/engine';
import { createMongoPoolActor, createSqlPoolActor, mongoGetCollectionActor, mongoWriteCollectionActor } from '../../server/actors';
import { runFlow } from '../support/kits';

/*
 * The MongoDB nodes. No MongoDB server runs on these machines: configuration, validation and the connection
 * error are tested here always; the tests against a live server run when MONGODB_URL names one
 * (mongodb://host:port), and are skipped by name otherwise.
 */

const actors = [createMongoPoolActor('tpl_mongodb_pool_manager'), createMongoPoolActor('tpl_mongodb'), mongoGetCollectionActor, mongoWriteCollectionActor];
const pool = (config: JsonObject, component = 'tpl_mongodb_pool_manager') => ({ component, metadata: { config: { database: 'test', ...config } } });

describe('MongoDB nodes without a server', () => {
  it('refuses a pool without host or database, and sort text that is no JSON, before the run starts', async () => {
    await expect(runFlow(actors, { processes: { p: { component: 'tpl_mongodb_pool_manager', metadata: { config: { port: 27017 } } } } })).rejects.toThrow(
      /config 'host' is required.*config 'database' is required/s,
    );
    await expect(
      runFlow(actors, {
        processes: {
          p: pool({ host: '127.0.0.1' }),
          g: { component: 'tpl_mongo_get_collection', metadata: { config: { collection: 'c', sort: '{createdAt: -1' } } },
        },
        connections: [{ src: { process: 'p', port: 'pool-id' }, tgt: { process: 'g', port: 'pool-id' } }],
      }),
    ).rejects.toThrow(/config 'sort': is not JSON/);
  });

  it.each(['tpl_mongodb_pool_manager', 'tpl_mongodb'])('%s fails with the reason when the server cannot be reached', async (component) => {
    const started = Date.now();
    const { result } = await runFlow(actors, { processes: { p: pool({ host: '127.0.0.1', port: 1, connectionTimeout: 500 }, component) } });
    expect(result.success).toBe(false);
    expect(result.errors[0]).toMatchObject({
      node_id: 'p',
      message: expect.stringMatching(/^Could not connect to MongoDB at 127\.0\.0\.1:1\/test: .*ECONNREFUSED/),
    });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('refuses a pool-id that is no MongoDB client of the run, naming the port to connect', async () => {
    const { result } = await runFlow([...actors, createSqlPoolActor('postgresql')], {
      processes: {
        sql: { component: 'tpl_postgresql', metadata: { config: { host: '127.0.0.1', database: 'test', user: 'postgres' } } },
        get: { component: 'tpl_mongo_get_collection', metadata: { config: { collection: 'c' } } },
      },
      connections: [{ src: { process: 'sql', port: 'pool-id' }, tgt: { process: 'get', port: 'pool-id' } }],
    });
    expect(result.errors[0]).toMatchObject({
      node_id: 'get',
      message: expect.stringContaining('pool-id "sql-pool-1" is no MongoDB client of this run: connect the pool-id port of a MongoDB node'),
    });
  });
});

const live = process.env.MONGODB_URL;
const describeLive = live === undefined ? describe.skip : describe;

describeLive(`MongoDB nodes on a live server${live === undefined ? ' (skipped: set MONGODB_URL=mongodb://host:port to run them)' : ''}`, () => {
  const url = new URL(live ?? 'mongodb://127.0.0.1:27017');
  const server = { host: url.hostname, port: Number(url.port || 27017), database: 'test' };

  it('inserts, finds with sort, projection and limit, and deletes', async () => {
    const collection = `c_${randomUUID().slice(0, 8)}`;
    const withNode = (node: JsonObject, packets: { port: string; data: JsonValue }[], collect: string[]) =>
      runFlow(actors, {
        processes: { p: pool(server), n: node },
        connections: [
          { src: { process: 'p', port: 'pool-id' }, tgt: { process: 'n', port: 'pool-id' } },
          ...packets.map(({ port, data }) => ({ data, tgt: { process: 'n', port } })),
        ],
        collect,
      });
    const inserted = await withNode(
      { component: 'tpl_mongo_write_collection', metadata: { config: { collection, operation: 'insertMany' } } },
      [{ port: 'data-in', data: [{ n: 1 }, { n: 2 }, { n: 3 }] }],
      ['n.result-out'],
    );
    expect(inserted.received['n.result-out']).toEqual([expect.objectContaining({ insertedCount: 3 })]);
    const found = await withNode(
      { component: 'tpl_mongo_get_collection', metadata: { config: { collection, sort: '{"n": -1}', projection: '{"_id": 0}', limit: 2 } } },
      [],
      ['n.docs-out', 'n.count-out'],
    );
    expect(found.received).toEqual({ 'n.docs-out': [[{ n: 3 }, { n: 2 }]], 'n.count-out': [2] });
    const deleted = await withNode(
      { component: 'tpl_mongo_write_collection', metadata: { config: { collection, operation: 'deleteMany' } } },
      [{ port: 'filter-in', data: {} }],
      ['n.result-out'],
    );
    expect(deleted.received['n.result-out']).toEqual([expect.objectContaining({ deletedCount: 3 })]);
  });
});
