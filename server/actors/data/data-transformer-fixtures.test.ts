import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type JsonObject, isJsonObject } from '../../engine';
import { disposeSandboxIsolates } from '../sandbox';
import { dataTransformer } from './data-transformer';
import { runNode } from '../../../test/support/kits';

function transformerNode(fixture: string, title: string): JsonObject {
  const workflow: unknown = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'test', 'fixtures', 'ide', fixture), 'utf8'));
  const graph = (workflow as { graphs: { nodes: { metadata: JsonObject }[] }[] }).graphs[0];
  const node = graph.nodes.find((candidate) => candidate.metadata.templateId === 'tpl_data_transformer' && candidate.metadata.title === title);
  if (node === undefined || !isJsonObject(node.metadata.propertyValues)) throw new Error(`No transformer '${title}' in ${fixture}`);
  return node.metadata.propertyValues;
}

afterAll(() => disposeSandboxIsolates());

describe('the transformers of the IDE fixtures', () => {
  it('prices each loop item of script-loop into {sku, total}', async () => {
    const propertyValues = transformerNode('script-loop.json', 'Price line');
    const items = [1, 2, 3].map((i) => ({ id: `INV-${i}`, qty: i * 2, unitPrice: 12.5 }));
    const run = await runNode(dataTransformer, { propertyValues, packets: items.map((item) => ['data-in', item] as const) });
    expect(run.result.success).toBe(true);
    expect(run.packets['transformed-out']).toEqual([
      { sku: 'INV-1', total: 25 },
      { sku: 'INV-2', total: 50 },
      { sku: 'INV-3', total: 75 },
    ]);
    expect(run.packets['errors-out']).toBeUndefined();
  });

  it('turns the HTTP response of http-branch into its big orders, largest first', async () => {
    const propertyValues = transformerNode('http-branch.json', 'Big orders');
    const response = {
      status: 200,
      statusText: 'OK',
      headers: { 'content-type': 'application/json' },
      body: [
        { id: 'o-1', customer: 'Ada', total: 99.99 },
        { id: 'o-2', customer: 'Bob', total: 150.456 },
        { id: 'o-3', customer: 'Cy', total: 100 },
        { id: 'o-4', customer: 'Di', total: 1200.5 },
      ],
    };
    const run = await runNode(dataTransformer, { propertyValues, packets: [['data-in', response]] });
    expect(run.result.success).toBe(true);
    expect(run.packets['transformed-out']).toEqual([
      [
        { orderId: 'o-4', customer: 'Di', amount: 1200.5 },
        { orderId: 'o-2', customer: 'Bob', amount: 150.46 },
        { orderId: 'o-3', customer: 'Cy', amount: 100 },
      ],
    ]);
  });

  it('reports an HTTP failure of http-branch as {httpStatus, reason, details}', async () => {
    const propertyValues = transformerNode('http-branch.json', 'Failure report');
    const response = { status: 503, statusText: 'Service Unavailable', body: { error: 'down' } };
    const run = await runNode(dataTransformer, { propertyValues, packets: [['data-in', response]] });
    expect(run.packets['transformed-out']).toEqual([{ httpStatus: 503, reason: 'Service Unavailable', details: { error: 'down' } }]);
  });
});
