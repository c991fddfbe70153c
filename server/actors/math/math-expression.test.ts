import { type JsonValue, createCatalogue, runGraph } from '../../engine';
import { type PortPacket, collector, runNode } from '../../../test/support/kits';
import { mathActors } from './index';

const received: JsonValue[] = [];
const catalogue = createCatalogue([...mathActors, collector('sink', received)]);

function evaluate(expression: string, variables?: JsonValue, config: Record<string, JsonValue> = {}) {
  const packets: PortPacket[] = variables === undefined ? [] : [['variables-in', variables]];
  return runNode(catalogue.get('tpl_math_expression')!, { packets, config: { expression, ...config }, exportErrors: true });
}

describe('tpl_math_expression', () => {
  it('evaluates the expression with the object on variables-in as its variables', async () => {
    const { outputs } = await evaluate('price * quantity * (1 + vat)', { price: 10, quantity: 3, vat: 0.2 });
    expect(outputs).toEqual({ 'result-out': 36 });
    expect((await evaluate('items[2] + total.net', { items: [1, 5], total: { net: 4 } })).outputs['result-out']).toBe(9);
  });

  it('rounds to precision 4 by default, or to the configured precision', async () => {
    expect((await evaluate('1 / 3', {})).outputs['result-out']).toBe(0.3333);
    expect((await evaluate('0.1 + 0.2', {}, { precision: 2 })).outputs['result-out']).toBe(0.3);
  });

  it('sees a packet that is not an object as `value`, and runs once at start without variables-in', async () => {
    expect((await evaluate('value * 2', 21)).outputs['result-out']).toBe(42);
    expect((await evaluate('sqrt(16) + 2^3')).outputs['result-out']).toBe(12);
  });

  it('sends booleans, text, matrices and complex numbers as JSON', async () => {
    expect((await evaluate('a > b', { a: 2, b: 1 })).outputs['result-out']).toBe(true);
    expect((await evaluate('concat(s, "!")', { s: 'hi' })).outputs['result-out']).toBe('hi!');
    expect((await evaluate('[1, 2] * 1.5', {})).outputs['result-out']).toEqual([1.5, 3]);
    expect((await evaluate('sqrt(-9)', {})).outputs['result-out']).toEqual({ re: 0, im: 3 });
  });

  it('routes an unknown variable, a syntax error or a disabled function to error-out', async () => {
    const unknown = await evaluate('x + 1', {});
    expect(unknown.result.success).toBe(true);
    expect(unknown.outputs['error-out']).toEqual({
      message: "Expression 'x + 1' failed: Undefined symbol x",
      node_id: 'node',
      component: 'tpl_math_expression',
    });
    expect((await evaluate('1 +', {})).outputs['error-out']).toMatchObject({
      message: expect.stringContaining("Expression '1 +' failed: Unexpected end of expression"),
    });
    expect((await evaluate('import({x: 1})', {})).outputs['error-out']).toMatchObject({ message: expect.stringContaining('Function import is disabled') });
    expect((await evaluate('createUnit("knot", "0.514444 m/s")', {})).outputs['error-out']).toMatchObject({ message: expect.stringContaining('is disabled') });
    expect((await evaluate('evaluate("1")', {})).outputs['error-out']).toMatchObject({ message: expect.stringContaining('is disabled') });
  });

  it('fails the run when error-out is not connected', async () => {
    const { result } = await runNode(catalogue.get('tpl_math_expression')!, { config: { expression: 'nope(1)' } });
    expect(result.success).toBe(false);
    expect(result.errors[0].message).toContain('Undefined function nope');
  });

  it('requires an expression: validation names the node and key', async () => {
    await expect(runNode(catalogue.get('tpl_math_expression')!)).rejects.toThrow("Node 'node': config 'expression' is required");
    await expect(runNode(catalogue.get('tpl_math_expression')!, { propertyValues: { expression: '' } })).rejects.toThrow(
      "Node 'node': config 'expression' is required",
    );
  });

  it('never lets one firing change what the next one sees', async () => {
    const { outputs } = await runNode(catalogue.get('tpl_math_expression')!, {
      config: { expression: 'a = a + 1; a' },
      packets: [
        ['variables-in', { a: 1 }],
        ['variables-in', { a: 1 }],
      ],
    });
    expect(outputs['result-out']).toBe(2);
  });
});

describe('tpl_math_random', () => {
  async function draws(config: Record<string, JsonValue>, count: number): Promise<JsonValue[]> {
    received.length = 0;
    const graph = {
      processes: { rnd: { component: 'tpl_math_random', metadata: { config } }, out: { component: 'sink' } },
      connections: [
        ...Array.from({ length: count }, () => ({ data: 'tick', to: { nodeId: 'rnd', portId: 'trigger-in' } })),
        { from: { nodeId: 'rnd', portId: 'value-out' }, to: { nodeId: 'out', portId: 'in' } },
      ],
    };
    const { result } = await runGraph(graph, catalogue, { executionId: 'e', workflowId: 'w' });
    expect(result.success).toBe(true);
    return [...received];
  }

  it('gives the same sequence for the same seed, and another for another seed', async () => {
    const first = await draws({ seed: 'abc' }, 5);
    expect(first).toHaveLength(5);
    expect(await draws({ seed: 'abc' }, 5)).toEqual(first);
    expect(await draws({ seed: 'xyz' }, 5)).not.toEqual(first);
    expect(new Set(first).size).toBe(5);
  });

  it('draws floats in [min, max) by default and integers when asked', async () => {
    for (const value of await draws({ min: 5, max: 6 }, 50)) {
      expect(value).toBeGreaterThanOrEqual(5);
      expect(value).toBeLessThan(6);
    }
    const integers = (await draws({ min: '1', max: '4', type: 'integer', seed: 7 }, 200)) as number[];
    expect(integers.every(Number.isInteger)).toBe(true);
    expect(new Set(integers)).toEqual(new Set([1, 2, 3]));
  });

  it('draws once at start when trigger-in is not connected', async () => {
    const { outputs } = await runNode(catalogue.get('tpl_math_random')!, { config: { seed: 's' } });
    expect(typeof outputs['value-out']).toBe('number');
  });

  it('rejects a max not above min, or a range without an integer, at validation', async () => {
    await expect(runNode(catalogue.get('tpl_math_random')!, { config: { min: 2, max: 1 } })).rejects.toThrow("config 'max': must be greater than min (2)");
    await expect(runNode(catalogue.get('tpl_math_random')!, { config: { min: 0.2, max: 0.8, type: 'integer' } })).rejects.toThrow(
      'no integer lies in [0.2, 0.8)',
    );
  });
});
