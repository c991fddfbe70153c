import { type JsonObject, type JsonValue } from '../../engine';
import { disposeSandboxIsolates } from '../sandbox';
import { DataTransformerConfigSchema, dataTransformer } from './data-transformer';
import { type PortPacket, runNode } from '../../../test/support/kits';

afterAll(() => disposeSandboxIsolates());

const orders = [
  { id: 'a', customer: 'Ada', total: 120, tags: 'new,vip' },
  { id: 'b', customer: 'Bob', total: 80, tags: 'new' },
  { id: 'c', customer: 'Ada', total: 200 },
  { id: 'd', customer: 'Cy', total: 45.5, tags: [] },
];

/** Test data is written as literals; this states that they are JSON. */
function json(value: unknown): JsonValue {
  return value as JsonValue;
}

function transform(operations: object[], data: unknown, config: object = {}, extra: PortPacket[] = []) {
  const dataOperations = json([{ id: 'set-1', name: 'Pipeline', operations: operations.map((op, i) => ({ id: `op-${i}`, enabled: true, ...op })) }]);
  return runNode(dataTransformer, { propertyValues: { dataOperations, ...(config as JsonObject) }, packets: [...extra, ['data-in', json(data)]] });
}

async function transformed(operations: object[], data: unknown, config: object = {}): Promise<JsonValue> {
  const run = await transform(operations, data, config);
  expect(run.result.errors).toEqual([]);
  expect(run.packets['errors-out']).toBeUndefined();
  return run.packets['transformed-out']?.[0];
}

describe('tpl_data_transformer', () => {
  it("applies the template's defaults and passes data through when there are no operations", async () => {
    expect(DataTransformerConfigSchema.parse({})).toEqual({ dataOperations: [], errorHandling: 'log_and_continue', batchSize: 1000, enableValidation: true });
    expect(DataTransformerConfigSchema.parse({ batchSize: '25' }).batchSize).toBe(25);
    expect(await transformed([], orders)).toEqual(orders);
  });

  it('rejects an enabled operation missing its required key when the graph is validated', async () => {
    await expect(transform([{ type: 'filter' }], orders)).rejects.toThrow("config 'dataOperations.0.operations.0.filterExpression': a filter operation needs filterExpression");
    await expect(transform([], orders, { batchSize: 0 })).rejects.toThrow("config 'batchSize'");
    expect(await transformed([{ type: 'filter', enabled: false }], orders)).toEqual(orders);
  });

  it('sums an aggregate whose function the IDE showed as "sum" but did not store; without a field it aggregates the items', async () => {
    const total = orders.reduce((sum, order) => sum + Number(order.total), 0);
    expect(await transformed([{ type: 'aggregate', aggregateField: 'total' }], orders)).toBe(total);
    expect(await transformed([{ type: 'aggregate' }], [9, 100, '1'])).toBe(110);
  });

  it('maps fields to new names and nested targets, through optional transforms that see value and item', async () => {
    const mapping = [
      { sourceField: 'id', targetField: 'orderId' },
      { sourceField: "${input.get('data').data.customer}", targetField: 'buyer.name' },
      { sourceField: 'total', targetField: 'cents', transform: 'value * 100' },
      { sourceField: 'missing', targetField: 'gone' },
      { sourceField: '', targetField: 'label', transform: 'item.id + ":" + customer' },
    ];
    expect(await transformed([{ type: 'map', mapping }], orders.slice(0, 2))).toEqual([
      { orderId: 'a', buyer: { name: 'Ada' }, cents: 12000, gone: null, label: 'a:Ada' },
      { orderId: 'b', buyer: { name: 'Bob' }, cents: 8000, gone: null, label: 'b:Bob' },
    ]);
  });

  it('filters with plain field names, item.x and the builder placeholder alike', async () => {
    const ids = (value: JsonValue) => (value as { id: string }[]).map((order) => order.id);
    expect(ids(await transformed([{ type: 'filter', filterExpression: 'total >= 100' }], orders))).toEqual(['a', 'c']);
    expect(ids(await transformed([{ type: 'filter', filterExpression: "item.customer === 'Ada' && index > 0" }], orders))).toEqual(['c']);
    expect(ids(await transformed([{ type: 'filter', filterExpression: "${input.get('data').data.total} < 100" }], orders))).toEqual(['b', 'd']);
  });

  it('sorts by a field in either direction, numbers numerically, text naturally, missing values last', async () => {
    const items = [{ n: 10, s: 'item10' }, { s: 'item2' }, { n: 9, s: 'Item1' }, { n: 100, s: null }];
    expect(await transformed([{ type: 'sort', sortField: 'n' }], items)).toEqual([items[2], items[0], items[3], items[1]]);
    expect(await transformed([{ type: 'sort', sortField: 'n', sortDirection: 'desc' }], items)).toEqual([items[3], items[0], items[2], items[1]]);
    expect(await transformed([{ type: 'sort', sortField: "${input.get('data').data.s}" }], items)).toEqual([items[2], items[1], items[0], items[3]]);
    expect(await transformed([{ type: 'sort' }], [3, 1, 2])).toEqual([1, 2, 3]);
  });

  it('transforms each item of a list, and a single value as a whole (which may become a list)', async () => {
    expect(await transformed([{ type: 'transform', transformExpression: '({ ...item, big: total > 100 })' }], orders.slice(0, 2))).toEqual([
      { ...orders[0], big: true },
      { ...orders[1], big: false },
    ]);
    expect(await transformed([{ type: 'transform', transformExpression: 'item.total * 2' }], { total: 4 })).toBe(8);
    expect(await transformed([{ type: 'transform', transformExpression: "${input.get('data').data.body}" }, { type: 'sort', sortDirection: 'desc' }], { body: [1, 3, 2] })).toEqual([3, 2, 1]);
  });

  it('groups by a field into {key, count, items} in first-seen order', async () => {
    expect(await transformed([{ type: 'group', groupByField: 'customer' }], orders)).toEqual([
      { key: 'Ada', count: 2, items: [orders[0], orders[2]] },
      { key: 'Bob', count: 1, items: [orders[1]] },
      { key: 'Cy', count: 1, items: [orders[3]] },
    ]);
  });

  it('aggregates a list into one value with each function', async () => {
    const aggregate = (aggregateFunction: string, aggregateField?: string) => transformed([{ type: 'aggregate', aggregateFunction, aggregateField }], orders);
    expect(await aggregate('sum', 'total')).toBe(445.5);
    expect(await aggregate('avg', 'total')).toBe(111.375);
    expect(await aggregate('count')).toBe(4);
    expect(await aggregate('count', 'tags')).toBe(3);
    expect(await aggregate('min', 'total')).toBe(45.5);
    expect(await aggregate('max', 'customer')).toBe('Cy');
    expect(await aggregate('first', 'id')).toBe('a');
    expect(await aggregate('last')).toEqual(orders[3]);
    expect(await transformed([{ type: 'aggregate', aggregateFunction: 'avg', aggregateField: 'x' }], [])).toBeNull();
    expect(await transformed([{ type: 'aggregate', aggregateFunction: 'sum', aggregateField: 'x' }], [{ x: '2.5' }, { x: 1 }, {}])).toBe(3.5);
  });

  it('aggregates each group after a group operation into one row per group', async () => {
    const operations = [
      { type: 'group', groupByField: 'customer' },
      { type: 'aggregate', aggregateFunction: 'sum', aggregateField: 'total' },
      { type: 'sort', sortField: 'sum', sortDirection: 'desc' },
    ];
    expect(await transformed(operations, orders)).toEqual([
      { customer: 'Ada', sum: 320, count: 2 },
      { customer: 'Bob', sum: 80, count: 1 },
      { customer: 'Cy', sum: 45.5, count: 1 },
    ]);
    expect(await transformed([{ type: 'group', groupByField: 'customer' }, { type: 'aggregate', aggregateFunction: 'count' }], orders)).toEqual([
      { customer: 'Ada', count: 2 },
      { customer: 'Bob', count: 1 },
      { customer: 'Cy', count: 1 },
    ]);
  });

  it('merges a list of objects into one, and each group into one object after a group operation', async () => {
    expect(await transformed([{ type: 'merge' }], [{ a: 1, b: 1 }, { b: 2 }, { c: 3 }])).toEqual({ a: 1, b: 2, c: 3 });
    const parts = [{ id: 1, name: 'x' }, { id: 2, name: 'y' }, { id: 1, price: 5 }];
    expect(await transformed([{ type: 'group', groupByField: 'id' }, { type: 'merge' }], parts)).toEqual([{ id: 1, name: 'x', price: 5 }, { id: 2, name: 'y' }]);
  });

  it('splits items on an array or text field, a list into chunks, and a text value into pieces', async () => {
    const tagged = [{ id: 1, tags: ['a', 'b'] }, { id: 2, tags: 'c, d' }, { id: 3 }, { id: 4, tags: [] }];
    expect(await transformed([{ type: 'split', splitField: 'tags' }], tagged)).toEqual([
      { id: 1, tags: 'a' },
      { id: 1, tags: 'b' },
      { id: 2, tags: 'c' },
      { id: 2, tags: 'd' },
      { id: 3 },
    ]);
    expect(await transformed([{ type: 'split', chunkSize: 2 }], [1, 2, 3, 4, 5])).toEqual([[1, 2], [3, 4], [5]]);
    expect(await transformed([{ type: 'split' }], [1, 2, 3], { batchSize: 2 })).toEqual([[1, 2], [3]]);
    expect(await transformed([{ type: 'split', separator: ';' }], 'x;y; z')).toEqual(['x', 'y', 'z']);
  });

  it('runs the operation sets one after the other, skipping disabled operations', async () => {
    const dataOperations = [
      { name: 'first', operations: [{ type: 'filter', enabled: true, filterExpression: 'total > 50' }, { type: 'sort', enabled: false, sortField: 'total' }] },
      { name: 'second', operations: [{ type: 'map', enabled: true, mapping: [{ sourceField: 'id', targetField: 'id' }] }] },
    ];
    const run = await runNode(dataTransformer, { propertyValues: { dataOperations: json(dataOperations) }, packets: [['data-in', json(orders)]] });
    expect(run.packets['transformed-out']).toEqual([[{ id: 'a' }, { id: 'b' }, { id: 'c' }]]);
  });

  it('counts index across batches when batchSize cuts the list into several sandbox calls', async () => {
    const numbers = Array.from({ length: 7 }, (_, i) => ({ i }));
    expect(await transformed([{ type: 'filter', filterExpression: 'index % 3 === 0' }], numbers, { batchSize: 2 })).toEqual([{ i: 0 }, { i: 3 }, { i: 6 }]);
  });

  it('emits nothing for a single value that was filtered out', async () => {
    const run = await transform([{ type: 'filter', filterExpression: 'item.keep' }], { keep: false });
    expect(run.result.success).toBe(true);
    expect(run.packets['transformed-out']).toBeUndefined();
  });
});

describe('tpl_data_transformer error handling', () => {
  const items = [{ a: { b: 1 } }, { a: null }, { a: { b: 3 } }];
  const failing = [{ type: 'transform', transformExpression: 'item.a.b * 10' }];

  it('log_and_continue (the default) keeps a failing item unchanged and reports it', async () => {
    const run = await transform(failing, items);
    expect(run.packets['transformed-out']).toEqual([[10, { a: null }, 30]]);
    expect(run.packets['errors-out']).toEqual([{ message: expect.stringContaining('TypeError'), operation: 'transform', operationId: 'op-0', set: 'Pipeline', index: 1 }]);
  });

  it('skip_item drops a failing item and reports it', async () => {
    const run = await transform(failing, items, { errorHandling: 'skip_item' });
    expect(run.packets['transformed-out']).toEqual([[10, 30]]);
    expect(run.packets['errors-out']).toHaveLength(1);
  });

  it('ignore keeps a failing item unchanged and reports nothing', async () => {
    const run = await transform(failing, items, { errorHandling: 'ignore' });
    expect(run.packets['transformed-out']).toEqual([[10, { a: null }, 30]]);
    expect(run.packets['errors-out']).toBeUndefined();
  });

  it('stop_pipeline sends the first failure on errors-out and nothing on transformed-out', async () => {
    const run = await transform(failing, items, { errorHandling: 'stop_pipeline' });
    expect(run.result.success).toBe(true);
    expect(run.packets['transformed-out']).toBeUndefined();
    expect(run.packets['errors-out']).toEqual([expect.objectContaining({ operation: 'transform', index: 1 })]);
  });

  it('stop_pipeline fails the node when errors-out is not connected', async () => {
    const dataOperations = [{ operations: [{ type: 'filter', filterExpression: 'item.a.b > 1' }] }];
    const run = await runNode(dataTransformer, {
      propertyValues: { dataOperations: json(dataOperations), errorHandling: 'stop_pipeline' },
      packets: [['data-in', json(items)]],
      collect: ['transformed-out'],
    });
    expect(run.result.success).toBe(false);
    expect(run.result.errors[0].message).toMatch(/^filter failed on item 1: TypeError/);
    expect(run.events.some((event) => event._type === 'ActorFailed')).toBe(true);
  });

  it('reports an operation that fails as a whole and goes on with the value unchanged', async () => {
    const run = await transform([{ type: 'filter', filterExpression: 'total >' }, { type: 'map', mapping: [{ sourceField: 'id', targetField: 'id' }] }], orders.slice(0, 2));
    expect(run.packets['errors-out']).toEqual([expect.objectContaining({ operation: 'filter', message: expect.stringContaining('SyntaxError') })]);
    expect(run.packets['transformed-out']).toEqual([[{ id: 'a' }, { id: 'b' }]]);
  });

  it('turns sandbox escape attempts into reported failures while the host process lives on', async () => {
    for (const filterExpression of ['process.exit(1)', "this.constructor.constructor('return process')().exit(1)", "require('child_process')"]) {
      const run = await transform([{ type: 'filter', filterExpression }], [{ x: 1 }], { errorHandling: 'skip_item' });
      expect(run.packets['transformed-out']).toEqual([[]]);
      expect(run.packets['errors-out']?.[0]).toMatchObject({ operation: 'filter', message: expect.stringMatching(/not defined|Cannot read properties/) });
    }
    expect(process.exitCode ?? 0).toBe(0);
  });

  it('stops an endless expression at its time limit and reports it', async () => {
    const run = await transform([{ type: 'filter', filterExpression: '(() => { while (true) {} })()' }], [{ x: 1 }]);
    expect(run.packets['errors-out']).toEqual([expect.objectContaining({ operation: 'filter', message: expect.stringContaining('timed out') })]);
    expect(run.packets['transformed-out']).toEqual([[{ x: 1 }]]);
  });
});

describe('tpl_data_transformer validation', () => {
  const schema = { type: 'object', required: ['id', 'total'], properties: { total: { type: 'number', minimum: 50 } } };

  it('validates each item of a list against the schema on schema-in', async () => {
    const run = await transform([], orders, { errorHandling: 'skip_item' }, [['schema-in', schema]]);
    expect(run.packets['transformed-out']).toEqual([[orders[0], orders[1], orders[2]]]);
    expect(run.packets['errors-out']).toEqual([{ message: 'Item 3 does not match the schema: /total must be >= 50', operation: 'validation', index: 3 }]);
  });

  it('validates the whole result when the schema describes an array', async () => {
    const run = await transform([], orders, { errorHandling: 'log_and_continue' }, [['schema-in', { type: 'array', maxItems: 2 }]]);
    expect(run.packets['transformed-out']).toEqual([orders]);
    expect(run.packets['errors-out']).toEqual([expect.objectContaining({ operation: 'validation', message: expect.stringContaining('must NOT have more than 2 items') })]);
  });

  it('skips validation when enableValidation is off, and reports an invalid schema', async () => {
    const off = await transform([], orders, { enableValidation: false, errorHandling: 'skip_item' }, [['schema-in', schema]]);
    expect(off.packets['transformed-out']).toEqual([orders]);
    const broken = await transform([], orders, {}, [['schema-in', { type: 'nonsense' }]]);
    expect(broken.packets['transformed-out']).toEqual([orders]);
    expect(broken.packets['errors-out']?.[0]).toMatchObject({ operation: 'validation', message: expect.stringContaining('Invalid JSON Schema') });
  });
});
