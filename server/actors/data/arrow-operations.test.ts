import { tableFromIPC } from 'apache-arrow';
import { type JsonObject, type JsonValue } from '../../engine';
import { arrowOperations } from './arrow-operations';
import { runNode } from '../../../test/support/kits';

const orders: JsonValue = [
  { id: 1, customer: 'ada', total: 30, paid: true },
  { id: 2, customer: 'bob', total: 12.5, paid: false },
  { id: 3, customer: 'ada', total: 7, paid: true },
  { id: 4, customer: 'cy', total: null, paid: false },
];

const run = (operation: string, spec?: JsonValue) =>
  runNode(arrowOperations, { config: { operation }, packets: [...(spec === undefined ? [] : [['schema-in', spec] as const]), ['data-in', orders]] });

const rowsOf = (packets: Record<string, JsonValue[]>) => (packets['table-out'][0] as JsonObject).rows;

describe('tpl_arrow_operations', () => {
  it('converts records into an Arrow table whose IPC stream reads back, with column statistics', async () => {
    const { packets } = await run('convert');
    const table = packets['table-out'][0] as JsonObject;
    expect(table).toMatchObject({ numRows: 4, batches: 1, columns: [{ name: 'id', type: 'Float64' }, { name: 'customer', type: 'Dictionary<Int32, Utf8>' }, { name: 'total', type: 'Float64' }, { name: 'paid', type: 'Bool' }] });
    expect(tableFromIPC(Buffer.from(table.ipc as string, 'base64')).getChild('total')?.toArray()).toEqual(Float64Array.from([30, 12.5, 7, 0]));
    expect(packets['stats-out']).toEqual([
      {
        numRows: 4,
        numColumns: 4,
        columns: [
          { name: 'id', type: 'Float64', nullCount: 0, min: 1, max: 4 },
          { name: 'customer', type: 'Dictionary<Int32, Utf8>', nullCount: 0, min: 'ada', max: 'cy' },
          { name: 'total', type: 'Float64', nullCount: 1, min: 7, max: 30 },
          { name: 'paid', type: 'Bool', nullCount: 0, min: null, max: null },
        ],
      },
    ]);
  });

  it('filters, sorts (nulls last), aggregates by group and joins by a column', async () => {
    expect(rowsOf((await run('filter', { field: 'total', operator: 'gte', value: 10 })).packets)).toEqual([orders[0], orders[1]].map((o) => o));
    expect((rowsOf((await run('sort', { by: 'total', direction: 'desc' })).packets) as JsonObject[]).map((row) => row.id)).toEqual([1, 2, 3, 4]);
    expect((rowsOf((await run('sort', { by: 'total' })).packets) as JsonObject[]).map((row) => row.id)).toEqual([3, 2, 1, 4]);
    expect(rowsOf((await run('aggregate', { groupBy: 'customer', aggregates: { spent: { field: 'total', fn: 'sum' }, orders: { fn: 'count' } } })).packets)).toEqual([
      { customer: 'ada', spent: 37, orders: 2 },
      { customer: 'bob', spent: 12.5, orders: 1 },
      { customer: 'cy', spent: null, orders: 1 },
    ]);
    const joined = rowsOf((await run('join', { right: [{ customer: 'ada', city: 'London' }], on: 'customer', type: 'inner' })).packets) as JsonObject[];
    expect(joined.map((row) => [row.id, row.city])).toEqual([[1, 'London'], [3, 'London']]);
  });

  it('names the missing parameter or column', async () => {
    expect((await run('sort', {})).result.errors[0].message).toContain('sort needs a field name on schema-in');
    expect((await run('filter', { field: 'nope', value: 1 })).result.errors[0].message).toContain("filter: the table has no column 'nope' (its columns: id, customer, total, paid)");
    expect((await runNode(arrowOperations, { packets: [['data-in', 'text']] })).result.errors[0].message).toContain('data-in must be an array of records');
  });
});
