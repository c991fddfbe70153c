import { type JsonValue } from '../../engine';
import { runFlow, runNode } from '../../../test/support/kits';
import { disposeSandboxIsolates } from '../sandbox';
import { coreActors } from './index';
import { coreMakeFunction } from './make-function';

afterAll(() => disposeSandboxIsolates());

describe('core/MakeFunction', () => {
  it('with only a function, sends its body on function once it compiles', async () => {
    const { result, packets } = await runNode(coreMakeFunction, { packets: [['function', 'return x*x;']] });
    expect(result.errors).toEqual([]);
    expect(packets).toEqual({ function: ['return x*x;'] });
  });

  it('routes a body that does not compile to error', async () => {
    const { result, packets } = await runNode(coreMakeFunction, { packets: [['function', 'Foo bar']], exportErrors: true });
    expect(packets.function).toBeUndefined();
    expect(packets.error).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/Unexpected identifier/), node_id: 'node', component: 'core/MakeFunction' }),
    ]);
    expect(result.success).toBe(true);
  });

  it.each([
    ['square', 'return x*x;', 9, 81],
    ['concat', 'return x+x;', '9', '99'],
    ['object', 'return { n: x.n + 1, at: [x.n] };', { n: 1 }, { n: 2, at: [1] }],
    ['undefined as null', 'x;', 1, null],
    ['awaited promise', 'return Promise.resolve(x).then((v) => v * 2);', 4, 8],
  ])('calls the function on each packet of in (%s)', async (_case, body, input, expected) => {
    const { result, packets } = await runNode(coreMakeFunction, {
      packets: [
        ['function', body],
        ['in', input as JsonValue],
      ],
    });
    expect(result.errors).toEqual([]);
    expect(packets).toEqual({ out: [expected], function: [body] });
  });

  it('keeps the last function for later packets', async () => {
    const { packets } = await runNode(coreMakeFunction, {
      packets: [
        ['function', 'return x+1;'],
        ['in', 1],
        ['in', 2],
      ],
    });
    expect(packets.out).toEqual([2, 3]);
  });

  it('routes a call that throws to error and goes on with the next packet', async () => {
    const { packets } = await runNode(coreMakeFunction, {
      packets: [
        ['function', 'return x.y.z;'],
        ['in', {}],
        ['in', { y: { z: 5 } }],
      ],
      exportErrors: true,
    });
    expect(packets.out).toEqual([5]);
    expect(packets.error).toEqual([expect.objectContaining({ message: expect.stringMatching(/undefined/) })]);
  });

  it('fails the run on a throwing call when error is not connected', async () => {
    const { result } = await runNode(coreMakeFunction, {
      packets: [
        ['function', 'throw new Error("no " + x);'],
        ['in', 'way'],
      ],
    });
    expect(result.success).toBe(false);
    expect(result.errors.map((e) => e.message)).toEqual([expect.stringContaining('no way')]);
  });

  it('refuses a function that is not text', async () => {
    const { result } = await runNode(coreMakeFunction, {
      packets: [
        ['function', 42],
        ['in', 1],
      ],
    });
    expect(result.errors.map((e) => e.message)).toEqual([expect.stringContaining("Port 'function' takes the body of a JavaScript function as text")]);
  });

  it('runs the function without host objects', async () => {
    const { packets } = await runNode(coreMakeFunction, {
      packets: [
        ['function', 'return [typeof process, typeof require, typeof fetch];'],
        ['in', null],
      ],
    });
    expect(packets.out).toEqual([['undefined', 'undefined', 'undefined']]);
  });

  it('hands its body on function to another MakeFunction, which runs it', async () => {
    const { result, received } = await runFlow(coreActors, {
      processes: { make: { component: 'core/MakeFunction' }, use: { component: 'core/MakeFunction' } },
      connections: [
        { data: 'return x*3;', tgt: { process: 'make', port: 'function' } },
        { src: { process: 'make', port: 'function' }, tgt: { process: 'use', port: 'function' } },
        { data: 7, tgt: { process: 'use', port: 'in' } },
      ],
      collect: ['use.out'],
    });
    expect(result.success).toBe(true);
    expect(received['use.out']).toEqual([21]);
  });
});
