import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { Redis } from 'ioredis';
import pg from 'pg';
import { camelConnection, camelGraph, camelNode, listenOnLoopback, type TestServer } from '../support/kits';
import { type TestApp, startTestApp } from '../support/test-app';

/*
 * A workflow shaped like the ones users deploy: an HTTP entry point, a call to a pricing service, a PostgreSQL
 * insert, a Redis state store and the answer, built in the IDE's format, deployed and called, against the
 * machine's PostgreSQL and Redis and a pricing server the test starts.
 */
describe('an order intake workflow deployed from the IDE', () => {
  const table = `orders_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const namespace = `intake-${randomUUID().slice(0, 8)}`;
  let app: TestApp;
  let pricing: TestServer;
  let db: pg.Client;
  let redis: Redis;
  const priced: string[] = [];

  beforeAll(async () => {
    pricing = await listenOnLoopback(
      createServer((req, res) => {
        const query = new URL(req.url ?? '/', 'http://pricing').searchParams;
        const sku = query.get('sku') ?? '';
        priced.push(sku);
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ sku, quantity: Number(query.get('quantity')), price: sku.length * 10 + 0.5 }));
      }),
    );
    db = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' });
    await db.connect();
    await db.query(`CREATE TABLE ${table} (id SERIAL PRIMARY KEY, sku TEXT NOT NULL, quantity INT NOT NULL, price NUMERIC NOT NULL)`);
    redis = new Redis('redis://127.0.0.1:6379', { lazyConnect: true });
    await redis.connect();
    app = await startTestApp({ config: { namespace } });
  });
  afterAll(async () => {
    await app.close();
    await pricing.close();
    await db.query(`DROP TABLE IF EXISTS ${table}`);
    await db.end();
    const keys = await redis.keys(`${namespace}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  const script = (id: string, title: string, code: string) => camelNode(id, 'tpl_javascript_script', { title, propertyValues: { script: code } });
  const workflow = () => ({
    id: 'wf-order-intake',
    name: 'Order intake',
    triggerConfig: { id: 'trigger-1', type: 'rest', name: 'New order', config: { method: 'POST', path: '/orders' } },
    graphs: [
      camelGraph(
        'main',
        [
          camelNode('incoming', 'tpl_server_request', {
            title: 'New order',
            propertyValues: { requestType: 'HTTP', dataFormat: 'JSON', validation: JSON.stringify({ type: 'object', required: ['sku', 'quantity'] }) },
          }),
          script('query', 'Price query', 'return { sku: data.body.sku, quantity: data.body.quantity }'),
          camelNode('price', 'tpl_http_request', { title: 'Pricing service', propertyValues: { url: `${pricing.url}/price`, method: 'GET', retryCount: 0 } }),
          script('row', 'Order row', 'return [data.body.sku, data.body.quantity, data.body.price]'),
          camelNode('pool', 'tpl_postgresql', { title: 'Orders DB', propertyValues: { host: '127.0.0.1', port: 5432, database: 'test', user: 'postgres' } }),
          camelNode('insert', 'tpl_sql_script', {
            title: 'Insert order',
            propertyValues: {
              query: `INSERT INTO ${table} (sku, quantity, price) VALUES ($1, $2, $3) RETURNING id, sku, quantity, price::float AS price`,
              queryType: 'INSERT',
            },
          }),
          script('saved', 'Saved order', 'return data.rows[0]'),
          script('key', 'Order key', "return 'sku:' + data.sku"),
          camelNode('remember', 'tpl_state_store', { title: 'Last order', propertyValues: { operation: 'set', namespace: 'orders', storageType: 'redis' } }),
          camelNode('answer', 'tpl_server_response', {
            title: 'Created',
            propertyValues: { responseType: 'Success', statusCode: 201, contentType: 'application/json' },
          }),
        ],
        [
          camelConnection('c1', ['incoming', 'request-out'], ['query', 'data-in']),
          camelConnection('c2', ['query', 'result-out'], ['price', 'data-in']),
          camelConnection('c3', ['price', 'response-out'], ['row', 'data-in']),
          camelConnection('c4', ['pool', 'pool-id'], ['insert', 'pool-id']),
          camelConnection('c5', ['row', 'result-out'], ['insert', 'params-in']),
          camelConnection('c6', ['insert', 'result-out'], ['saved', 'data-in']),
          camelConnection('c7', ['saved', 'result-out'], ['remember', 'value-in']),
          camelConnection('c8', ['saved', 'result-out'], ['key', 'data-in']),
          camelConnection('c9', ['key', 'result-out'], ['remember', 'key-in']),
          camelConnection('c10', ['remember', 'stored-out'], ['answer', 'data-in']),
        ],
      ),
    ],
  });

  it('answers each order with the row it stored, after pricing it and remembering it in Redis', async () => {
    const graph = workflow();
    const deployed = await fetch(`${app.url}/deployments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'order-intake', workflow: graph }),
    });
    expect(deployed.status).toBe(201);
    expect(((await deployed.json()) as { data: { hooks: unknown[] } }).data.hooks).toEqual([
      { node_id: 'incoming', method: 'POST', path: '/orders', url_path: '/hooks/order-intake/orders', authentication: 'None' },
    ]);

    const answer = await fetch(`${app.url}/hooks/order-intake/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sku: 'KB-42', quantity: 3 }),
    });
    const body = await answer.json();
    expect({ status: answer.status, body }).toEqual({ status: 201, body: { id: 1, sku: 'KB-42', quantity: 3, price: 50.5 } });
    expect(priced).toEqual(['KB-42']);
    expect((await db.query(`SELECT sku, quantity, price::float AS price FROM ${table}`)).rows).toEqual([{ sku: 'KB-42', quantity: 3, price: 50.5 }]);
    const stored = await redis.keys(`${namespace}:*orders*sku:KB-42*`);
    expect(stored).toHaveLength(1);
    expect(await redis.get(stored[0])).toContain('KB-42');

    const execution = await app.client.waitForCompletion(answer.headers.get('x-execution-id')!);
    expect(execution).toMatchObject({ status: 'completed', source: 'hook', workflow_id: 'wf-order-intake' });

    const invalid = await fetch(`${app.url}/hooks/order-intake/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sku: 'NO-QTY' }),
    });
    expect(invalid.status).toBe(400);
    expect((await db.query(`SELECT COUNT(*)::int AS n FROM ${table}`)).rows[0].n).toBe(1);
    expect(priced).toEqual(['KB-42']);
  }, 30_000);
});
