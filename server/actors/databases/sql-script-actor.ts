import { z } from 'zod';
import { defineActor, errorOutPort, type JsonValue } from '../../engine';
import { choiceSetting, numberSetting, requiredText } from '../shared';
import { SQL_POOL } from './sql-pool';
import { isReadOnlySql } from './read-only-sql';
import { sqlError } from './sql-error';

/** The `tpl_sql_script` properties. */
const SqlScriptConfigSchema = z.object({
  query: requiredText('The statement, with $1, $2, ... (PostgreSQL) or ? (MySQL) where the parameters go'),
  queryType: choiceSetting(
    'What the statement does; TRANSACTION runs it between BEGIN and COMMIT',
    ['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRANSACTION'],
    'SELECT',
  ),
  timeout: numberSetting(
    'Time limit in milliseconds, after which the statement is cancelled on the server',
    z.number().int().min(1).max(3_600_000).default(30_000),
  ),
  maxRows: numberSetting('Rows kept from the result; the rest are left out and `truncated` is set', z.number().int().min(1).max(100_000).default(1000)),
});

/** The parameters of a `params-in` packet: an array as it is, another value as the only parameter, none for null. */
function positionalParams(value: JsonValue | undefined): JsonValue[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value;
  if (typeof value === 'object') throw new Error('params-in must be an array of positional parameters (or a single value), not an object');
  return [value];
}

/**
 * The `tpl_sql_script` actor: runs its statement on the pool from `pool-id` (a control port: the node waits for
 * the pool) once per `params-in` packet, or once when nothing feeds `params-in`. Parameters are bound by the
 * driver, never spliced into the text. `{rows, rowCount, fields, truncated}` goes to `result-out`; a database
 * error, with the server's code, to `error-out`.
 */
export const sqlScriptActor = defineActor({
  id: 'tpl_sql_script',
  title: 'SQL Script',
  description: 'Runs a SQL statement with bound parameters on the pool of a PostgreSQL or MySQL node.',
  inports: {
    'pool-id': {
      type: 'string',
      description: 'The pool handle a PostgreSQL or MySQL node sends; kept for every later statement.',
      required: true,
      control: true,
    },
    'params-in': { type: 'all', description: 'The positional parameters: an array, or one value; each packet runs the statement once.' },
  },
  outports: {
    'result-out': {
      type: 'object',
      description: 'The result: {rows, rowCount, fields, truncated}; rowCount counts changed rows for INSERT, UPDATE and DELETE.',
    },
    ...errorOutPort("with the server's code for a database error, or for a timeout (code TIMEOUT)"),
  },
  config: SqlScriptConfigSchema,
  // The statement's text decides, not queryType, which only says whether it runs in a transaction.
  effects: (config) => (isReadOnlySql(config.query) ? 'repeatable' : 'once'),
  fire: async ({ config, inputs, resources, signal, send }) => {
    const handle = inputs['pool-id'];
    const pool = typeof handle === 'string' ? resources.get(SQL_POOL, handle) : undefined;
    if (pool === undefined)
      throw new Error(`pool-id ${JSON.stringify(handle ?? null)} is no SQL pool of this run: connect the pool-id port of a PostgreSQL or MySQL node`);
    const params = positionalParams(inputs['params-in']);
    const result = await pool
      .query(config.query, params, { maxRows: config.maxRows, timeoutMs: config.timeout, signal, transaction: config.queryType === 'TRANSACTION' })
      .catch((error: unknown) => Promise.reject(sqlError(error)));
    await send('result-out', { ...result });
  },
});
