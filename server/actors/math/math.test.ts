import { type JsonValue, createCatalogue, runGraph } from '../../engine';
import { type PortPacket, collector, runNode } from '../../../test/support/kits';
import { mathActors } from './index';

const received: JsonValue[] = [];
const catalogue = createCatalogue([...mathActors, collector('sink', received)]);

function run(component: string, packets: Record<string, JsonValue[]>, config: Record<string, JsonValue> = {}, exportErrors = false) {
  const inOrder = Object.entries(packets).flatMap(([port, values]) => values.map((value): PortPacket => [port, value]));
  return runNode(catalogue.get(component)!, { packets: inOrder, config, exportErrors });
}

async function resultOf(component: string, packets: Record<string, JsonValue[]>, config: Record<string, JsonValue> = {}) {
  const { result, outputs } = await run(component, packets, config);
  expect(result.errors).toEqual([]);
  return outputs['result-out'];
}

async function failureOf(component: string, packets: Record<string, JsonValue[]>, config: Record<string, JsonValue> = {}) {
  const { result } = await run(component, packets, config);
  expect(result.success).toBe(false);
  return result.errors[0];
}

describe('two-operand math actors', () => {
  it('add, subtract, multiply and divide at the default precision of 2, without float noise', async () => {
    expect(await resultOf('tpl_math_add', { 'a-in': [0.1], 'b-in': [0.2] })).toBe(0.3);
    expect(await resultOf('tpl_math_subtract', { 'a-in': [0.3], 'b-in': [0.1] })).toBe(0.2);
    expect(await resultOf('tpl_math_multiply', { 'a-in': [3], 'b-in': [4.5] })).toBe(13.5);
    expect(await resultOf('tpl_math_divide', { 'a-in': [2], 'b-in': [3] })).toBe(0.67);
    expect(await resultOf('tpl_math_add', { 'a-in': [1.23456], 'b-in': [1] })).toBe(2.23);
  });

  it('honour precision, given as a number or as text', async () => {
    expect(await resultOf('tpl_math_divide', { 'a-in': [2], 'b-in': [3] }, { precision: 4 })).toBe(0.6667);
    expect(await resultOf('tpl_math_multiply', { 'a-in': [1.25], 'b-in': [1.25] }, { precision: '0' })).toBe(2);
  });

  it('accept numeric text on their ports', async () => {
    expect(await resultOf('tpl_math_add', { 'a-in': ['2'], 'b-in': [' 40 '] })).toBe(42);
    expect(await resultOf('tpl_math_power', { 'base-in': ['2'], 'exp-in': ['10'] })).toBe(1024);
  });

  it('fail with an error naming the port that got something other than a number', async () => {
    expect(await failureOf('tpl_math_add', { 'a-in': [1], 'b-in': ['abc'] })).toEqual({ node_id: 'node', message: `Port 'b-in' expects a number, got "abc"` });
    expect((await failureOf('tpl_math_multiply', { 'a-in': [{ x: 1 }], 'b-in': [2] })).message).toBe(`Port 'a-in' expects a number, got an object`);
  });

  it('fire once both operands hold a packet, pairing packets in order', async () => {
    received.length = 0;
    const graph = {
      processes: { add: { component: 'tpl_math_add' }, out: { component: 'sink' } },
      connections: [
        { data: 1, to: { nodeId: 'add', portId: 'a-in' } },
        { data: 2, to: { nodeId: 'add', portId: 'a-in' } },
        { data: 10, to: { nodeId: 'add', portId: 'b-in' } },
        { data: 20, to: { nodeId: 'add', portId: 'b-in' } },
        { data: 30, to: { nodeId: 'add', portId: 'b-in' } },
        { from: { nodeId: 'add', portId: 'result-out' }, to: { nodeId: 'out', portId: 'in' } },
      ],
    };
    const { result } = await runGraph(graph, catalogue, { executionId: 'e', workflowId: 'w' });
    expect(result.success).toBe(true);
    expect(received).toEqual([11, 22]);
  });

  it('declare their operand ports required, so validation rejects a node with one unfed', async () => {
    const graph = { processes: { add: { component: 'tpl_math_add' } }, connections: [{ data: 1, to: { nodeId: 'add', portId: 'a-in' } }] };
    await expect(runGraph(graph, catalogue, { executionId: 'e', workflowId: 'w' })).rejects.toThrow("Node 'add': required port 'b-in' is fed by nothing");
  });

  it('reject an invalid precision at validation, naming the node and key', async () => {
    await expect(run('tpl_math_add', { 'a-in': [1], 'b-in': [2] }, { precision: 'two' })).rejects.toThrow("Node 'node': config 'precision'");
    await expect(run('tpl_math_add', { 'a-in': [1], 'b-in': [2] }, { precision: -1 })).rejects.toThrow("Node 'node': config 'precision'");
  });
});

describe('tpl_math_divide', () => {
  it('routes a division by zero to error-out as {message, node_id, component} by default', async () => {
    const { result, outputs } = await run('tpl_math_divide', { 'a-in': [5], 'b-in': [0] }, {}, true);
    expect(result.success).toBe(true);
    expect(outputs['error-out']).toEqual({ message: 'Division by zero (5 / 0)', node_id: 'node', component: 'tpl_math_divide' });
    expect(outputs['result-out']).toBeUndefined();
  });

  it('fails the run on a division by zero when error-out is not connected', async () => {
    expect(await failureOf('tpl_math_divide', { 'a-in': [5], 'b-in': ['0'] })).toEqual({ node_id: 'node', message: 'Division by zero (5 / 0)' });
  });

  it('sends "Infinity", "-Infinity", null, 0 or null per handleDivByZero', async () => {
    expect(await resultOf('tpl_math_divide', { 'a-in': [5], 'b-in': [0] }, { handleDivByZero: 'infinity' })).toBe('Infinity');
    expect(await resultOf('tpl_math_divide', { 'a-in': [-5], 'b-in': [0] }, { handleDivByZero: 'infinity' })).toBe('-Infinity');
    expect(await resultOf('tpl_math_divide', { 'a-in': [0], 'b-in': [0] }, { handleDivByZero: 'infinity' })).toBeNull();
    expect(await resultOf('tpl_math_divide', { 'a-in': [5], 'b-in': [0] }, { handleDivByZero: 'zero' })).toBe(0);
    expect(await resultOf('tpl_math_divide', { 'a-in': [5], 'b-in': [0] }, { handleDivByZero: 'null' })).toBeNull();
  });

  it('rejects an unknown handleDivByZero at validation', async () => {
    await expect(run('tpl_math_divide', { 'a-in': [1], 'b-in': [2] }, { handleDivByZero: 'ignore' })).rejects.toThrow("config 'handleDivByZero'");
  });
});

describe('tpl_math_modulo and tpl_math_power', () => {
  it('take the remainder with the sign of a-in, and fail on a zero divisor', async () => {
    expect(await resultOf('tpl_math_modulo', { 'a-in': [7], 'b-in': [3] })).toBe(1);
    expect(await resultOf('tpl_math_modulo', { 'a-in': [-7], 'b-in': [3] })).toBe(-1);
    expect(await resultOf('tpl_math_modulo', { 'a-in': ['5.5'], 'b-in': [2] })).toBe(1.5);
    expect((await failureOf('tpl_math_modulo', { 'a-in': [7], 'b-in': [0] })).message).toBe('Modulo by zero (7 % 0)');
  });

  it('raise to a power, overflowing to "Infinity" and failing on a non-real result', async () => {
    expect(await resultOf('tpl_math_power', { 'base-in': [2], 'exp-in': [0.5] })).toBe(1.41);
    expect(await resultOf('tpl_math_power', { 'base-in': [2], 'exp-in': [-1] })).toBe(0.5);
    expect(await resultOf('tpl_math_power', { 'base-in': [10], 'exp-in': [400] })).toBe('Infinity');
    expect((await failureOf('tpl_math_power', { 'base-in': [-8], 'exp-in': [0.5] })).message).toBe('-8 ^ 0.5 is not a number');
  });
});

describe('single-value math actors', () => {
  it('tpl_math_absolute sends the absolute value', async () => {
    expect(await resultOf('tpl_math_absolute', { 'value-in': [-41.7] })).toBe(41.7);
    expect(await resultOf('tpl_math_absolute', { 'value-in': ['-3'] })).toBe(3);
    expect((await failureOf('tpl_math_absolute', { 'value-in': [null] })).message).toBe(`Port 'value-in' expects a number, got null`);
  });

  it('tpl_math_clamp limits the value to [min-in, max-in] and fails when min exceeds max', async () => {
    const clamp = (value: JsonValue, min: JsonValue, max: JsonValue) => resultOf('tpl_math_clamp', { 'value-in': [value], 'min-in': [min], 'max-in': [max] });
    expect(await clamp(15, 0, 10)).toBe(10);
    expect(await clamp(-5, 0, 10)).toBe(0);
    expect(await clamp('5', '0', '10')).toBe(5);
    expect((await failureOf('tpl_math_clamp', { 'value-in': [1], 'min-in': [5], 'max-in': [1] })).message).toBe('min-in (5) is greater than max-in (1)');
  });

  it('tpl_math_round rounds to a whole number by default, halves away from zero', async () => {
    expect(await resultOf('tpl_math_round', { 'value-in': [2.5] })).toBe(3);
    expect(await resultOf('tpl_math_round', { 'value-in': [-2.5] })).toBe(-3);
    expect(await resultOf('tpl_math_round', { 'value-in': [41.7] })).toBe(42);
  });

  it('tpl_math_round applies floor, ceil and trunc at a precision', async () => {
    const round = (method: string) => resultOf('tpl_math_round', { 'value-in': [-2.45] }, { method, precision: 1 });
    expect(await round('round')).toBe(-2.5);
    expect(await round('floor')).toBe(-2.5);
    expect(await round('ceil')).toBe(-2.4);
    expect(await round('trunc')).toBe(-2.4);
    expect(await resultOf('tpl_math_round', { 'value-in': [4.35] }, { method: 'floor', precision: 2 })).toBe(4.35);
  });

  it('tpl_math_sqrt takes roots at precision 2', async () => {
    expect(await resultOf('tpl_math_sqrt', { 'value-in': [16] })).toBe(4);
    expect(await resultOf('tpl_math_sqrt', { 'value-in': [2] })).toBe(1.41);
    expect(await resultOf('tpl_math_sqrt', { 'value-in': [2] }, { precision: 4 })).toBe(1.4142);
  });

  it('tpl_math_sqrt handles a negative number per handleNegative', async () => {
    const { result, outputs } = await run('tpl_math_sqrt', { 'value-in': [-4] }, {}, true);
    expect(result.success).toBe(true);
    expect(outputs['error-out']).toEqual({ message: 'Cannot take the square root of a negative number (-4)', node_id: 'node', component: 'tpl_math_sqrt' });
    expect(await resultOf('tpl_math_sqrt', { 'value-in': [-4] }, { handleNegative: 'absolute' })).toBe(2);
    expect(await resultOf('tpl_math_sqrt', { 'value-in': [-2] }, { handleNegative: 'complex' })).toEqual({ re: 0, im: 1.41 });
    expect(await resultOf('tpl_math_sqrt', { 'value-in': [9] }, { handleNegative: 'complex' })).toBe(3);
  });
});
