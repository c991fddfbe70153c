import type pg from 'pg';

/**
 * Runs `work` on one connection of `pool` inside BEGIN and COMMIT, rolling back when it throws, and answers what
 * it answers.
 * @throws what `work` or the commit threw, once rolled back
 */
export async function transaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    client.release();
    return result;
  } catch (error) {
    // A connection that cannot even roll back is broken: the pool drops it rather than lend it again.
    const broken = await client.query('ROLLBACK').then(
      () => false,
      () => true,
    );
    client.release(broken);
    throw error;
  }
}
