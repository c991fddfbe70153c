import { isReadOnlySql } from './read-only-sql';

describe('isReadOnlySql', () => {
  it.each([
    'SELECT * FROM orders WHERE id = $1',
    'select id, total from orders where status = ? order by id',
    '  -- the open orders\n  SELECT id FROM orders;',
    '/* report */ SELECT count(*) FROM orders;  ',
    "WITH open AS (SELECT * FROM orders WHERE status = 'open') SELECT * FROM open",
    'SHOW server_version',
    'EXPLAIN SELECT * FROM orders',
    'SELECT "update", \'delete from t\' FROM "insert"',
    "SELECT name FROM users WHERE note = 'it''s; DELETE'",
    'SELECT a$b FROM t WHERE x = $12',
    "SELECT replace(name, 'a', 'b') FROM users",
  ])('tells that %j only reads', (sql) => {
    expect(isReadOnlySql(sql)).toBe(true);
  });

  it.each([
    'INSERT INTO orders (id) VALUES ($1)',
    "UPDATE orders SET status = 'paid'",
    'DELETE FROM orders',
    'WITH gone AS (DELETE FROM orders RETURNING *) SELECT * FROM gone',
    'SELECT * INTO archive FROM orders',
    'SELECT * FROM orders FOR UPDATE',
    'SELECT * FROM orders FOR KEY SHARE',
    'SELECT * FROM orders LOCK IN SHARE MODE',
    'EXPLAIN ANALYZE DELETE FROM orders',
    'EXPLAIN (ANALYZE, BUFFERS) SELECT 1',
    "SELECT nextval('order_ids')",
    'SELECT pg_advisory_lock(1)',
    'SELECT 1; DELETE FROM orders',
    'CREATE TABLE t (id int)',
    'TRUNCATE orders',
    'CALL archive_orders()',
    '',
    '-- nothing but a comment',
  ])('tells that %j may write', (sql) => {
    expect(isReadOnlySql(sql)).toBe(false);
  });

  it.each([
    // MySQL reads the backslash as an escape and sees a DELETE after the string; PostgreSQL does not.
    "SELECT 'a\\' ' ; DELETE FROM orders; -- '",
    // MySQL reads `#` as a comment, which can hide a quote.
    "SELECT 1 # it's\n; DELETE FROM orders; -- '",
    // MySQL reads `--1` as minus minus one, not as a comment.
    'SELECT 1--1\n',
    // A MySQL executable comment runs its content.
    'SELECT 1 /*! , sleep(1) */',
    'SELECT $$; DELETE FROM orders; $$',
    "SELECT 'open",
    'SELECT 1 /* open',
  ])('takes %j, which the databases could read apart, to write', (sql) => {
    expect(isReadOnlySql(sql)).toBe(false);
  });
});
