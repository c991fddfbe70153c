import { z } from 'zod';
import { defineActor, isJsonObject } from '../../engine';
import { booleanSetting, choiceSetting, numberSetting } from '../shared';
import { ARROW_OPERATIONS } from './arrow-request';
import { runHeavy } from '../heavy-work';

/** The `tpl_arrow_operations` properties. */
const ArrowOperationsConfigSchema = z.object({
  operation: choiceSetting('What to do with the table; schema-in gives its parameters', ARROW_OPERATIONS, 'convert'),
  compression: choiceSetting('Kept for the IDE: Arrow in JavaScript writes IPC streams uncompressed', ['none', 'snappy', 'gzip', 'lz4'], 'snappy'),
  chunkSize: numberSetting('Rows per record batch, as reported in `batches`', z.number().int().min(1).max(1_000_000).default(10_000)),
  enableStatistics: booleanSetting('Send row and column statistics on stats-out', true),
});

/**
 * The `tpl_arrow_operations` actor: loads the records on `data-in` into an Apache Arrow table and converts,
 * filters, aggregates, joins or sorts it by its columns (apache-arrow, on a worker thread), with the
 * operation's parameters from `schema-in`. The table goes to `table-out`, statistics to `stats-out`.
 */
export const arrowOperations = defineActor({
  id: 'tpl_arrow_operations',
  title: 'Apache Arrow',
  description: 'Converts, filters, aggregates, joins or sorts records as an Apache Arrow table.',
  inports: {
    'data-in': { type: 'array', required: true, description: 'The records: an array of objects.' },
    'schema-in': {
      type: 'object',
      control: true,
      description: 'The parameters: filter {field, operator, value}; aggregate {groupBy, aggregates: {name: {field, fn}}}; join {right, on, type}; sort {by, direction}.',
    },
  },
  outports: {
    'table-out': { type: 'object', description: '{columns, numRows, batches, rows}, with the Arrow IPC stream as base64 in `ipc` for convert.' },
    'stats-out': { type: 'object', description: '{numRows, numColumns, columns: [{name, type, nullCount, min, max}]}.' },
  },
  config: ArrowOperationsConfigSchema,
  effects: 'none',
  fire: async ({ config, inputs, signal, send }) => {
    const records = inputs['data-in'];
    if (!Array.isArray(records) || !records.every(isJsonObject)) throw new Error('data-in must be an array of records (objects)');
    const spec = inputs['schema-in'];
    if (spec !== undefined && spec !== null && !isJsonObject(spec)) throw new Error('schema-in must be an object of the operation\'s parameters');
    const { table, stats } = await runHeavy('arrowOperation', { operation: config.operation, records, spec: spec ?? {}, chunkSize: config.chunkSize, statistics: config.enableStatistics }, { signal });
    await send('table-out', table);
    if (stats !== null) await send('stats-out', stats);
  },
});
