import { type JsonObject } from '../server/engine';
import { camelConnection, camelGraph, camelNode, ideWorkflow } from './support/kits';
import { type TestApp, startTestApp } from './support/test-app';

// Nodes as the IDE saves them: the template id, a title, and the property pane's values.
const input = (name: string) => camelNode(`in-${name}`, 'graph_input', { title: `Input ${name}`, propertyValues: { inputName: name, dataType: 'any' } });
const output = (name: string) => camelNode(`out-${name}`, 'graph_output', { title: `Output ${name}`, propertyValues: { outputName: name, dataType: 'any' } });

describe('IDE workflows read the way the IDE means its stored values', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  async function run(nodes: JsonObject[], connections: JsonObject[], values: JsonObject) {
    const { data, response, error } = await app.client.executeIdeWorkflow({ workflow: ideWorkflow([camelGraph('main', nodes, connections)]), input: values });
    if (response.status !== 200) return { status: response.status, error };
    return { status: response.status, execution: await app.client.waitForCompletion(data!.data.execution_id) };
  }

  it('compares numerically under the valueType "string" the rule builder always stores, so 9 is not greater than 100', async () => {
    const rules = [
      {
        id: 'r1',
        type: 'IF',
        groups: [{ id: 'g1', connector: 'AND', rules: [{ id: 'x1', field: 'amount', operator: 'greater_than', value: '100', valueType: 'string' }] }],
      },
    ];
    const nodes = [
      input('order'),
      camelNode('check', 'tpl_if_branch', { title: 'Big order?', propertyValues: { decisionRules: rules } }),
      output('big'),
      output('small'),
    ];
    const connections = [
      camelConnection('c1', ['in-order', 'data'], ['check', 'input-in']),
      camelConnection('c2', ['check', 'true-out'], ['out-big', 'data']),
      camelConnection('c3', ['check', 'false-out'], ['out-small', 'data']),
    ];
    expect((await run(nodes, connections, { order: { amount: 9 } })).execution!.result!.outputs).toEqual({ small: { amount: 9 } });
    expect((await run(nodes, connections, { order: { amount: '250' } })).execution!.result!.outputs).toEqual({ big: { amount: '250' } });
  });

  it('takes the default the IDE shows for a select it did not store: an aggregate with no aggregateFunction sums', async () => {
    const dataOperations = [{ id: 's1', name: 'Data Pipeline', operations: [{ id: 'o1', type: 'aggregate', enabled: true, aggregateField: 'total' }] }];
    const nodes = [input('orders'), camelNode('sum', 'tpl_data_transformer', { title: 'Total', propertyValues: { dataOperations } }), output('total')];
    const connections = [
      camelConnection('c1', ['in-orders', 'data'], ['sum', 'data-in']),
      camelConnection('c2', ['sum', 'transformed-out'], ['out-total', 'data']),
    ];
    const { execution } = await run(nodes, connections, { orders: [{ total: 120 }, { total: 80 }, { total: '5' }] });
    expect(execution!.status).toBe('completed');
    expect(execution!.result!.outputs).toEqual({ total: 205 });
  });

  it('answers an input key that names no graph_input node with a 400 listing the inputs the workflow has, and runs nothing', async () => {
    const before = (await app.client.listWorkflows({ limit: 100 })).data!.data.items.length;
    const nodes = [input('amount'), camelNode('abs', 'tpl_math_absolute', { title: 'Absolute' }), output('result')];
    const connections = [
      camelConnection('c1', ['in-amount', 'data'], ['abs', 'value-in']),
      camelConnection('c2', ['abs', 'result-out'], ['out-result', 'data']),
    ];
    const outcome = await run(nodes, connections, { Amount: -5 });
    expect(outcome.status).toBe(400);
    expect(outcome.error).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      details: [{ path: 'input.Amount', message: "Input 'Amount' names no input of the graph (its inputs: amount)" }],
    });
    expect((await app.client.listWorkflows({ limit: 100 })).data!.data.items.length).toBe(before);
    expect((await run(nodes, connections, { amount: -5 })).execution!.result!.outputs).toEqual({ result: 5 });
  });

  it("runs a script of the IDE's AI orchestrator: output and error name result-out and error-out, a status returned after sending is no packet", async () => {
    const script = ['function process(inputs, context) {', "  context.send_output('output', inputs['data-in'] * 2);", '  return { success: true };', '}'].join(
      '\n',
    );
    const nodes = [input('x'), camelNode('double', 'tpl_javascript_script', { title: 'Double', propertyValues: { script } }), output('y')];
    const connections = [camelConnection('c1', ['in-x', 'data'], ['double', 'data-in']), camelConnection('c2', ['double', 'result-out'], ['out-y', 'data'])];
    const { execution } = await run(nodes, connections, { x: 21 });
    expect(execution!.status).toBe('completed');
    expect(execution!.result!.outputs).toEqual({ y: 42 });
  });

  it('names a node by its IDE title, with its id in brackets, in run failures and validation errors', async () => {
    const nodes = [input('x'), camelNode('sqrt-1', 'tpl_math_sqrt', { title: 'Square Root', propertyValues: { handleNegative: 'error' } }), output('y')];
    const connections = [camelConnection('c1', ['in-x', 'data'], ['sqrt-1', 'value-in']), camelConnection('c2', ['sqrt-1', 'result-out'], ['out-y', 'data'])];
    const { execution } = await run(nodes, connections, { x: -4 });
    expect(execution!.status).toBe('failed');
    const failed = (await app.client.getWorkflowEvents(execution!.id)).data!.data.events.at(-1) as { _type: string; error: string };
    expect(failed._type).toBe('Failed');
    expect(failed.error).toMatch(/^Node 'Square Root \[sqrt-1\]' failed: /);

    const invalid = [input('x'), camelNode('round-1', 'tpl_math_round', { title: 'Round', propertyValues: { precision: 'many' } }), output('y')];
    const wires = [camelConnection('c1', ['in-x', 'data'], ['round-1', 'value-in']), camelConnection('c2', ['round-1', 'result-out'], ['out-y', 'data'])];
    const refused = await run(invalid, wires, { x: 1.5 });
    expect(refused.status).toBe(400);
    expect(refused.error!.details![0].message).toMatch(/^Node 'Round \[round-1\]': /);
  });
});
