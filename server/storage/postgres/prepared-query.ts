import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * A query that each connection parses and plans once, under a name made from its text: for the statements a store
 * sends over and over (a batch of writes, a turn of claims), whose texts are few. A text a connection has not seen
 * yet is prepared by its first use, on that connection.
 */
export function prepared(text: string, values: unknown[]): pg.QueryConfig {
  return { name: `s${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`, text, values };
}
