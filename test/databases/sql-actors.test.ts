import { randomUUID } from 'node:crypto';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { type JsonObject, type JsonValue } from '../../server/engine';
import { runFlow } from '../support/kits';
import { createSqlPoolActor, sqlScriptActor } from '../../server/actors';
import { EgressPolicy } from '../../server/outbound-http';

/*
 * The PostgreSQL and MySQL pool nodes and the SQL script node against the machine's real servers
 * (PostgreSQL on 5432 with trust auth, MariaDB on 3306 as root), each test on a table of its own.
 */

const SERVERS = {
  postgresql: { port: 5432, user: 'postgres', sleep: 'SELECT pg_sleep(5)', placeholder: (i: number) => `$${i}`, missingTable: '42P01' },
  mysql: { port: 3306, user: 'root', sleep: 'SELECT SLEEP(5)', placeholder: () => '?', missingTable: 'ER_NO_SUCH_TABLE' },
} as const;
type Driver = keyof typeof SERVERS;

/** A direct connection of the test's own, to set up tables and look at the server from outside the run. */
interface Admin {
  query(sql: string): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

async function admin(driver: Driver): Promise<Admin> {
  if (driver === 'postgresql') {
    const client = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' });
    await client.connect();
    return { query: async (sql) => (await client.query(sql)).rows as Record<string, unknown>[], close: () => client.end() };
  }
  const connection = await mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root', database: 'test' });
  return { query: async (sql) => (await connection.query(sql))[0] as Record<string, unknown>[], close: () => connection.end() };
}

/** Connections the service's pools hold open on the server (the admin connection is not one of them). */
async function poolConnections(driver: Driver, db: Admin): Promise<number> {
  const rows =
    driver === 'postgresql'
      ? await db.query("SELECT COUNT(*)::int AS n FROM pg_stat_activity WHERE application_name = 'workflow-execution-service'")
      : await db.query("SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE ID <> CONNECTION_ID() AND USER = 'root' AND COMMAND <> 'Daemon'");
  return Number(rows[0].n);
}

/** The count once it reaches `expected`, or the last one read after 3 s: the server ends a closed connection's backend a moment later. */
async function settledCount(read: () => Promise<number>, expected: number): Promise<number> {
  const until = Date.now() + 3000;
  let count = await read();
  while (count !== expected && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    count = await read();
  }
  return count;
}

/** Statements like `sleep` still running on the server. */
async function running(driver: Driver, db: Admin, text: string): Promise<number> {
  const rows =
    driver === 'postgresql'
      ? await db.query(`SELECT COUNT(*)::int AS n FROM pg_stat_activity WHERE state = 'active' AND query = '${text}'`)
      : await db.query(`SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE INFO = '${text}'`);
  return Number(rows[0].n);
}

interface SqlRun {
  readonly driver: Driver;
  readonly query: string;
  readonly params?: JsonValue[];
  readonly sql?: JsonObject;
  readonly pool?: JsonObject;
  readonly egress?: EgressPolicy;
  readonly signal?: AbortSignal;
}

/** pool -> SQL script (params from initial packets), with the script's result-out, error-out and the pool's status collected. */
async function runSql(run: SqlRun) {
  const server = SERVERS[run.driver];
  const flow = await runFlow(
    [createSqlPoolActor(run.driver, { egress: run.egress }), sqlScriptActor],
    {
      processes: {
        pool: {
          component: run.driver === 'postgresql' ? 'tpl_postgresql' : 'tpl_mysql',
          metadata: { config: { host: '127.0.0.1', port: server.port, database: 'test', user: server.user, ...run.pool } },
        },
        sql: { component: 'tpl_sql_script', metadata: { config: { query: run.query, ...run.sql } } },
      },
      connections: [
        { src: { process: 'pool', port: 'pool-id' }, tgt: { process: 'sql', port: 'pool-id' } },
        ...(run.params ?? []).map((data) => ({ data, tgt: { process: 'sql', port: 'params-in' } })),
      ],
      collect: ['sql.result-out', 'sql.error-out', 'pool.status-out'],
    },
    { signal: run.signal },
  );
  const { 'sql.result-out': result, 'sql.error-out': error, 'pool.status-out': status } = flow.received;
  return { result: flow.result, received: { result, error, status } };
}

describe.each(Object.keys(SERVERS) as Driver[])('SQL nodes on %s', (driver) => {
  const server = SERVERS[driver];
  let db: Admin;
  let table: string;

  beforeAll(async () => {
    db = await admin(driver);
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    table = `t_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    await db.query(`CREATE TABLE ${table} (id INTEGER PRIMARY KEY, name VARCHAR(100) NOT NULL, created TIMESTAMP NULL, big BIGINT NULL)`);
  });
  afterEach(async () => {
    await db.query(`DROP TABLE IF EXISTS ${table}`);
  });

  it('binds parameters, never splicing them into the statement, and reports the rows it changed', async () => {
    const hostile = "O'Brien'); DROP TABLE " + table + '; --';
    const p = server.placeholder;
    const insert = await runSql({
      driver,
      query: `INSERT INTO ${table} (id, name, big) VALUES (${p(1)}, ${p(2)}, ${p(3)})`,
      params: [[1, hostile, '9007199254740993']],
      sql: { queryType: 'INSERT' },
    });
    expect(insert.result.success).toBe(true);
    expect(insert.received.result).toEqual([expect.objectContaining({ rowCount: 1, rows: [], truncated: false })]);
    expect(insert.received.status).toEqual([
      expect.objectContaining({
        status: 'connected',
        driver,
        host: '127.0.0.1',
        port: server.port,
        database: 'test',
        serverVersion: expect.stringMatching(/^\d+\./),
      }),
    ]);
    const select = await runSql({ driver, query: `SELECT id, name, big FROM ${table} WHERE id = ${p(1)}`, params: [1] });
    expect(select.received.result).toEqual([
      { rows: [{ id: 1, name: hostile, big: '9007199254740993' }], rowCount: 1, fields: ['id', 'name', 'big'], truncated: false },
    ]);
    expect(await db.query(`SELECT COUNT(*) AS n FROM ${table}`)).toEqual([{ n: driver === 'postgresql' ? '1' : 1 }]);
  });

  it('runs once per params-in packet, in order, on one pool', async () => {
    const p = server.placeholder;
    const { received } = await runSql({
      driver,
      query: `INSERT INTO ${table} (id, name) VALUES (${p(1)}, ${p(2)})`,
      params: [
        [1, 'a'],
        [2, 'b'],
        [3, 'c'],
      ],
    });
    expect(received.result?.map((r) => (r as JsonObject).rowCount)).toEqual([1, 1, 1]);
    expect(await db.query(`SELECT name FROM ${table} ORDER BY id`)).toEqual([{ name: 'a' }, { name: 'b' }, { name: 'c' }]);
  });

  it('keeps at most maxRows rows and says that it left some out; dates come as ISO text', async () => {
    await db.query(`INSERT INTO ${table} (id, name, created) VALUES (1, 'a', '2026-01-02 03:04:05'), (2, 'b', NULL), (3, 'c', NULL), (4, 'd', NULL)`);
    const { received } = await runSql({ driver, query: `SELECT id, created FROM ${table} ORDER BY id`, sql: { maxRows: 2 } });
    const [result] = received.result as JsonObject[];
    expect(result).toMatchObject({
      rows: [
        { id: 1, created: '2026-01-02T03:04:05.000Z' },
        { id: 2, created: null },
      ],
      rowCount: 4,
      truncated: true,
    });
  });

  it("sends a database error to error-out with the server's code, and the run goes on", async () => {
    const { result, received } = await runSql({ driver, query: `SELECT * FROM ${table}_missing` });
    expect(result.success).toBe(true);
    expect(received.result).toBeUndefined();
    expect(received.error).toEqual([
      expect.objectContaining({ code: server.missingTable, message: expect.stringContaining(`${table}_missing`), node_id: 'sql' }),
    ]);
  });

  it('rolls a TRANSACTION back when its statement fails, and commits it otherwise', async () => {
    const p = server.placeholder;
    const failed = await runSql({ driver, query: `INSERT INTO ${table} (id, name) VALUES (${p(1)}, NULL)`, params: [1], sql: { queryType: 'TRANSACTION' } });
    expect(failed.received.error).toHaveLength(1);
    const committed = await runSql({ driver, query: `UPDATE ${table} SET name = 'x' WHERE id = ${p(1)}`, params: [7], sql: { queryType: 'TRANSACTION' } });
    expect(committed.received.result).toEqual([expect.objectContaining({ rowCount: 0 })]);
    expect(await db.query(`SELECT COUNT(*) AS n FROM ${table}`)).toEqual([{ n: driver === 'postgresql' ? '0' : 0 }]);
  });

  it('cancels a statement past its timeout on the server, not only in the client', async () => {
    const started = Date.now();
    const { received } = await runSql({ driver, query: server.sleep, sql: { timeout: 300 } });
    expect(Date.now() - started).toBeLessThan(4000);
    expect(received.error).toEqual([expect.objectContaining({ code: 'TIMEOUT', message: expect.stringContaining('300 ms') })]);
    expect(await settledCount(() => running(driver, db, server.sleep), 0)).toBe(0);
  });

  it('cancels the running statement on the server when the run is cancelled, and closes the pool', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const started = Date.now();
    const { result } = await runSql({ driver, query: server.sleep, signal: controller.signal });
    expect(result.success).toBe(false);
    expect(Date.now() - started).toBeLessThan(4000);
    expect(await settledCount(() => running(driver, db, server.sleep), 0)).toBe(0);
    expect(await settledCount(() => poolConnections(driver, db), 0)).toBe(0);
  });

  it('leaves no connection open once a run ends, whether it completed or failed', async () => {
    const p = server.placeholder;
    await runSql({
      driver,
      query: `INSERT INTO ${table} (id, name) VALUES (${p(1)}, ${p(2)})`,
      params: [
        [1, 'a'],
        [2, 'b'],
      ],
      pool: { maxConnections: 3 },
    });
    expect(await settledCount(() => poolConnections(driver, db), 0)).toBe(0);
    await runSql({ driver, query: 'SELECT nonsense FROM nowhere' });
    expect(await settledCount(() => poolConnections(driver, db), 0)).toBe(0);
  });

  it('refuses params-in given as an object, naming the port', async () => {
    const { received } = await runSql({ driver, query: 'SELECT 1', params: [{ id: 1 }] });
    expect(received.error).toEqual([expect.objectContaining({ message: expect.stringContaining('params-in must be an array') })]);
  });

  it('fails the pool node with the reason when the server cannot be reached', async () => {
    const { result } = await runSql({ driver, query: 'SELECT 1', pool: { port: 1 } });
    expect(result.success).toBe(false);
    expect(result.errors[0]).toMatchObject({
      node_id: 'pool',
      message: expect.stringMatching(new RegExp(`Could not connect to \\w+ at 127\\.0\\.0\\.1:1/test: .*ECONNREFUSED`)),
    });
  });

  it('opens no connection the egress policy refuses', async () => {
    const before = await poolConnections(driver, db);
    const { result } = await runSql({ driver, query: 'SELECT 1', egress: new EgressPolicy({ deny: ['127.0.0.0/8'] }) });
    expect(result.errors[0]).toMatchObject({ node_id: 'pool', message: expect.stringContaining('egress policy refuses 127.0.0.1') });
    expect(await poolConnections(driver, db)).toBe(before);
  });
});

describe('statements per firing on PostgreSQL', () => {
  let db: Admin;
  let table: string;
  const names = async () => (await db.query(`SELECT name FROM ${table} ORDER BY id`)).map((row) => row.name);

  beforeAll(async () => {
    db = await admin('postgresql');
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    table = `t_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    await db.query(`CREATE TABLE ${table} (id INTEGER PRIMARY KEY, name VARCHAR(100) NOT NULL)`);
  });
  afterEach(async () => {
    await db.query(`DROP TABLE IF EXISTS ${table}`);
  });

  it('refuses a text with a second statement, naming the option, and runs neither', async () => {
    const query = `INSERT INTO ${table} (id, name) VALUES (1, 'a'); DELETE FROM ${table}; INSERT INTO ${table} (id, name) VALUES (2, 'b')`;
    const { result, received } = await runSql({ driver: 'postgresql', query });
    expect(result.success).toBe(true);
    expect(received.result).toBeUndefined();
    expect(received.error).toEqual([
      expect.objectContaining({
        code: '42601',
        node_id: 'sql',
        message: expect.stringContaining('unless the tpl_postgresql node sets multipleStatements: true'),
      }),
    ]);
    expect(await names()).toEqual([]);
  });

  it('runs every statement of the text when the node sets multipleStatements, reporting the last one', async () => {
    const query = `INSERT INTO ${table} (id, name) VALUES (1, 'a'); INSERT INTO ${table} (id, name) VALUES (2, 'b'); SELECT name FROM ${table} ORDER BY id`;
    const { received } = await runSql({ driver: 'postgresql', query, pool: { multipleStatements: true } });
    expect(received.error).toBeUndefined();
    expect(received.result).toEqual([{ rows: [{ name: 'a' }, { name: 'b' }], rowCount: 2, fields: ['name'], truncated: false }]);
    expect(await names()).toEqual(['a', 'b']);
  });

  it('refuses parameters with several statements, saying why', async () => {
    const query = `INSERT INTO ${table} (id, name) VALUES ($1, 'a'); INSERT INTO ${table} (id, name) VALUES (2, 'b')`;
    const { received } = await runSql({ driver: 'postgresql', query, params: [[1]], pool: { multipleStatements: true } });
    expect(received.error).toEqual([expect.objectContaining({ code: '42601', message: expect.stringContaining('several statements take no parameters') })]);
    expect(await names()).toEqual([]);
  });

  it('runs one statement without parameters as before, a trailing semicolon included', async () => {
    await db.query(`INSERT INTO ${table} (id, name) VALUES (1, 'a')`);
    const { received } = await runSql({ driver: 'postgresql', query: `SELECT name FROM ${table};` });
    expect(received.result).toEqual([{ rows: [{ name: 'a' }], rowCount: 1, fields: ['name'], truncated: false }]);
  });
});
