import { type JsonObject, type JsonValue, createCatalogue } from '../../engine';
import { runNode } from '../../../test/support/kits';
import { logicActors } from './index';

const catalogue = createCatalogue(logicActors);

async function route(component: string, config: JsonObject, packet: JsonValue): Promise<string[]> {
  const { result, outputs } = await runNode(catalogue.get(component)!, { config, packets: [['input-in', packet]] });
  expect(result.errors).toEqual([]);
  for (const value of Object.values(outputs)) expect(value).toEqual(packet);
  return Object.keys(outputs);
}

const rules = (...groups: { connector?: string; rules: JsonObject[] }[]): JsonObject => ({
  decisionRules: [{ id: 'set1', type: 'IF', groups: groups.map((group, i) => ({ id: `g${i}`, connector: 'AND', ...group })) }],
});
const rule = (field: string, operator: string, value?: JsonValue, valueType?: string): JsonObject => ({
  id: 'r',
  field,
  operator,
  value: value ?? '',
  ...(valueType ? { valueType } : {}),
});

describe('tpl_if_branch', () => {
  const order = { status: 200, body: { items: [{ total: 150 }] }, tags: ['vip'], note: '' };

  it('sends the packet itself to true-out when a rule set holds, else to false-out', async () => {
    expect(await route('tpl_if_branch', rules({ rules: [rule('status', 'is', '200', 'number')] }), order)).toEqual(['true-out']);
    expect(await route('tpl_if_branch', rules({ rules: [rule('status', 'is', '201', 'number')] }), order)).toEqual(['false-out']);
  });

  it('sends every packet to false-out when there are no rules', async () => {
    expect(await route('tpl_if_branch', {}, order)).toEqual(['false-out']);
    expect(await route('tpl_if_branch', { decisionRules: [] }, order)).toEqual(['false-out']);
  });

  it.each([
    ['is', rule('status', 'is', '200', 'number'), rule('status', 'is', '200.5', 'number')],
    ['is_not', rule('status', 'is_not', '404'), rule('status', 'is_not', '200')],
    ['contains', rule('tags', 'contains', 'vip'), rule('tags', 'contains', 'new')],
    ['not_contains', rule('tags', 'not_contains', 'new'), rule('tags', 'not_contains', 'vip')],
    ['greater_than', rule('body.items.0.total', 'greater_than', '100', 'number'), rule('body.items.0.total', 'greater_than', '150', 'number')],
    ['less_than', rule('status', 'less_than', '300', 'number'), rule('status', 'less_than', '200', 'number')],
    ['greater_equal', rule('status', 'greater_equal', '200', 'number'), rule('status', 'greater_equal', '201', 'number')],
    ['less_equal', rule('status', 'less_equal', '200', 'number'), rule('status', 'less_equal', '199', 'number')],
    ['between', rule('status', 'between', '100,299', 'number'), rule('status', 'between', [300, 399], 'number')],
    ['empty', rule('note', 'empty'), rule('status', 'empty')],
    ['not_empty', rule('tags', 'not_empty'), rule('missing', 'not_empty')],
  ])('evaluates the %s operator', async (_name, holding, failing) => {
    expect(await route('tpl_if_branch', rules({ rules: [holding] }), order)).toEqual(['true-out']);
    expect(await route('tpl_if_branch', rules({ rules: [failing] }), order)).toEqual(['false-out']);
  });

  it('compares dates and booleans by valueType', async () => {
    const packet = { at: '2024-05-01T10:00:00Z', active: 'yes' };
    expect(
      await route('tpl_if_branch', rules({ rules: [rule('at', 'greater_than', '2024-01-01', 'date'), rule('active', 'is', 'true', 'boolean')] }), packet),
    ).toEqual(['true-out']);
  });

  it('joins rules of a group with AND and groups by their connectors', async () => {
    const both = rules({ rules: [rule('status', 'is', '200'), rule('tags', 'contains', 'new')] });
    expect(await route('tpl_if_branch', both, order)).toEqual(['false-out']);
    const either = rules({ rules: [rule('tags', 'contains', 'new')] }, { connector: 'OR', rules: [rule('status', 'is', '200')] });
    expect(await route('tpl_if_branch', either, order)).toEqual(['true-out']);
    const and = rules({ rules: [rule('status', 'is', '200')] }, { connector: 'AND', rules: [rule('tags', 'contains', 'new')] });
    expect(await route('tpl_if_branch', and, order)).toEqual(['false-out']);
  });

  it('fires the True port when any rule set holds', async () => {
    const config = {
      decisionRules: [
        { id: 'a', type: 'IF', groups: [{ id: 'g', connector: 'AND', rules: [rule('status', 'is', '500')] }] },
        { id: 'b', type: 'OR', groups: [{ id: 'g', connector: 'AND', rules: [rule('body.items.0.total', 'between', '100,200')] }] },
      ],
    };
    expect(await route('tpl_if_branch', config, order)).toEqual(['true-out']);
  });

  it('rejects an unknown operator or a between rule without two bounds, naming the node and key', async () => {
    await expect(
      runNode(catalogue.get('tpl_if_branch')!, { config: rules({ rules: [rule('a', 'matches', 'x')] }), packets: [['input-in', 1]] }),
    ).rejects.toThrow("Node 'node': config 'decisionRules.0.groups.0.rules.0.operator'");
    await expect(
      runNode(catalogue.get('tpl_if_branch')!, { config: rules({ rules: [rule('a', 'between', '5')] }), packets: [['input-in', 1]] }),
    ).rejects.toThrow("config 'decisionRules.0.groups.0.rules.0.value': Operator 'between' needs two bounds");
  });
});

describe('tpl_switch', () => {
  const cases = { switchField: 'kind', case1Value: 'order', case2Value: 'refund', case3Value: 'order' };

  it('sends the packet to the port of the first matching case', async () => {
    expect(await route('tpl_switch', cases, { kind: 'order' })).toEqual(['case1-out']);
    expect(await route('tpl_switch', cases, { kind: 'refund' })).toEqual(['case2-out']);
    expect(await route('tpl_switch', { ...cases, case1Value: 'x' }, { kind: 'order' })).toEqual(['case3-out']);
  });

  it('sends to default-out when no case matches or the field is missing', async () => {
    expect(await route('tpl_switch', cases, { kind: 'other' })).toEqual(['default-out']);
    expect(await route('tpl_switch', cases, { nothing: 1 })).toEqual(['default-out']);
  });

  it('compares numbers as their text and reads dotted paths', async () => {
    expect(await route('tpl_switch', { switchField: 'res.status', case1Value: '404', case2Value: 200 }, { res: { status: 200 } })).toEqual(['case2-out']);
    expect(await route('tpl_switch', { switchField: 'res.status', case1Value: '200.0' }, { res: { status: 200 } })).toEqual(['default-out']);
  });

  it('ignores letter case only when caseSensitive is false', async () => {
    expect(await route('tpl_switch', cases, { kind: 'ORDER' })).toEqual(['default-out']);
    expect(await route('tpl_switch', { ...cases, caseSensitive: false }, { kind: 'ORDER' })).toEqual(['case1-out']);
  });

  it('never matches a blank case', async () => {
    expect(await route('tpl_switch', { switchField: 'kind', case1Value: '' }, { kind: '' })).toEqual(['default-out']);
  });

  it('requires switchField: validation names the node and key', async () => {
    await expect(runNode(catalogue.get('tpl_switch')!, { config: { switchField: ' ' }, packets: [['input-in', 1]] })).rejects.toThrow(
      "Node 'node': config 'switchField' is required",
    );
  });
});
