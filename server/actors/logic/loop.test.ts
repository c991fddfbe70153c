import { type EngineEvent, type JsonObject, type JsonValue, createCatalogue, defineActor, runGraph } from '../../engine';
import { collector } from '../../../test/support/kits';
import { logicActors } from './index';

interface LoopRun {
  items: JsonValue[];
  indexes: JsonValue[];
  done: JsonValue[];
  success: boolean;
  errors: { node_id?: string; message: string }[];
}

async function runLoop(config: JsonObject, input: JsonValue): Promise<LoopRun> {
  const [items, indexes, done]: JsonValue[][] = [[], [], []];
  const catalogue = createCatalogue([...logicActors, collector('items', items), collector('indexes', indexes), collector('done', done)]);
  const graph = {
    processes: {
      loop: { component: 'tpl_loop', metadata: { config } },
      items: { component: 'items' },
      indexes: { component: 'indexes' },
      done: { component: 'done' },
    },
    connections: [
      { data: input, to: { nodeId: 'loop', portId: 'items-in' } },
      { from: { nodeId: 'loop', portId: 'item-out' }, to: { nodeId: 'items', portId: 'in' } },
      { from: { nodeId: 'loop', portId: 'index-out' }, to: { nodeId: 'indexes', portId: 'in' } },
      { from: { nodeId: 'loop', portId: 'done-out' }, to: { nodeId: 'done', portId: 'in' } },
    ],
  };
  const { result } = await runGraph(graph, catalogue, { executionId: 'e', workflowId: 'w' });
  return { items, indexes, done, success: result.success, errors: result.errors };
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('tpl_loop for-each', () => {
  it('emits each element with its index, then the summary', async () => {
    expect(await runLoop({}, ['a', 'b', 'c'])).toEqual({
      items: ['a', 'b', 'c'],
      indexes: [0, 1, 2],
      done: [{ count: 3, iterations: 3, completed: true }],
      success: true,
      errors: [],
    });
  });

  it('sends a summary for an empty array', async () => {
    expect((await runLoop({}, [])).done).toEqual([{ count: 0, iterations: 0, completed: true }]);
  });

  it('stops at maxIterations, 1000 by default', async () => {
    const limited = await runLoop({ maxIterations: 4 }, range(10));
    expect(limited.items).toEqual([0, 1, 2, 3]);
    expect(limited.done).toEqual([{ count: 10, iterations: 4, completed: false, stoppedBy: 'maxIterations' }]);
    expect((await runLoop({}, range(1500))).done).toEqual([{ count: 1500, iterations: 1000, completed: false, stoppedBy: 'maxIterations' }]);
  });

  it('stops before the first element for which breakCondition holds, over item and index', async () => {
    const byItem = await runLoop({ breakCondition: 'item.v > 8' }, [{ v: 1 }, { v: 5 }, { v: 10 }, { v: 2 }]);
    expect(byItem.items).toEqual([{ v: 1 }, { v: 5 }]);
    expect(byItem.done).toEqual([{ count: 4, iterations: 2, completed: false, stoppedBy: 'breakCondition' }]);
    expect((await runLoop({ breakCondition: "index === 2 || item === 'x'" }, ['a', 'x', 'c'])).items).toEqual(['a']);
    expect((await runLoop({ breakCondition: '' }, [1, 2])).done).toEqual([{ count: 2, iterations: 2, completed: true }]);
  });

  it('emits chunks of batchSize with the chunk index', async () => {
    const batched = await runLoop({ batchSize: '3' }, range(7));
    expect(batched.items).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
    expect(batched.indexes).toEqual([0, 1, 2]);
    expect(batched.done).toEqual([{ count: 7, iterations: 3, completed: true }]);
  });

  it('fails when items-in is not an array, and rejects an invalid breakCondition at validation', async () => {
    expect((await runLoop({}, { a: 1 })).errors).toEqual([{ node_id: 'loop', message: `Port 'items-in' expects an array for a for-each loop, got an object` }]);
    await expect(runLoop({ breakCondition: 'item >' }, [1])).rejects.toThrow("Node 'loop': config 'breakCondition': Condition 'item >' is invalid");
    await expect(runLoop({ maxIterations: 0 }, [1])).rejects.toThrow("Node 'loop': config 'maxIterations'");
    await expect(runLoop({ loopType: 'until' }, [1])).rejects.toThrow("Node 'loop': config 'loopType'");
  });

  it('fails naming the condition when breakCondition cannot be evaluated', async () => {
    const { errors } = await runLoop({ breakCondition: 'item.total > limit' }, [{ total: 1 }]);
    expect(errors[0].message).toContain("Condition 'item.total > limit' failed: Undefined symbol limit");
  });
});

describe('tpl_loop while and do-while', () => {
  it('while repeats the input until breakCondition holds, testing before each iteration', async () => {
    const run = await runLoop({ loopType: 'while', breakCondition: 'index >= item.limit' }, { limit: 3 });
    expect(run.items).toEqual([{ limit: 3 }, { limit: 3 }, { limit: 3 }]);
    expect(run.indexes).toEqual([0, 1, 2]);
    expect(run.done).toEqual([{ count: 3, iterations: 3, completed: true, stoppedBy: 'breakCondition' }]);
    expect((await runLoop({ loopType: 'while', breakCondition: 'true' }, 'x')).done).toEqual([
      { count: 0, iterations: 0, completed: true, stoppedBy: 'breakCondition' },
    ]);
  });

  it('do-while runs at least once', async () => {
    const run = await runLoop({ loopType: 'do-while', breakCondition: 'true' }, 'x');
    expect(run.items).toEqual(['x']);
    expect(run.done).toEqual([{ count: 1, iterations: 1, completed: true, stoppedBy: 'breakCondition' }]);
    expect((await runLoop({ loopType: 'do-while', breakCondition: 'index >= 2' }, 'y')).items).toEqual(['y', 'y']);
  });

  it('is bounded by maxIterations, also without a breakCondition', async () => {
    const run = await runLoop({ loopType: 'while', maxIterations: 5 }, 'z');
    expect(run.indexes).toEqual([0, 1, 2, 3, 4]);
    expect(run.done).toEqual([{ count: 5, iterations: 5, completed: false, stoppedBy: 'maxIterations' }]);
  });
});

describe('tpl_loop at scale', () => {
  /** A consumer that yields to the event loop on every packet and measures how far the loop ran ahead of it. */
  function slowConsumer(state: { consumed: number; sent: number; maxLag: number; onPacket?: (count: number) => void }) {
    return defineActor({
      id: 'slow',
      inports: { in: {} },
      outports: {},
      async fire() {
        state.consumed++;
        state.maxLag = Math.max(state.maxLag, state.sent - state.consumed);
        state.onPacket?.(state.consumed);
        await new Promise<void>((resolve) => setImmediate(resolve));
      },
    });
  }

  function scaleGraph(count: number) {
    return {
      processes: { loop: { component: 'tpl_loop', metadata: { config: { maxIterations: 20_000 } } }, slow: { component: 'slow' } },
      connections: [
        { data: range(count), to: { nodeId: 'loop', portId: 'items-in' } },
        { from: { nodeId: 'loop', portId: 'item-out' }, to: { nodeId: 'slow', portId: 'in' } },
      ],
      outports: { done: { process: 'loop', port: 'done-out' } },
    };
  }

  const countSent = (state: { sent: number }) => (event: EngineEvent) => {
    if (event._type === 'MessageSent' && (event as unknown as { fromPort: string }).fromPort === 'item-out') state.sent++;
  };

  it('emits 10,000 items, waiting for a slow consumer instead of flooding its queue', async () => {
    const state = { consumed: 0, sent: 0, maxLag: 0 };
    const catalogue = createCatalogue([...logicActors, slowConsumer(state)]);
    const { result } = await runGraph(scaleGraph(10_000), catalogue, { executionId: 'e', workflowId: 'w', queueCapacity: 16, onEvent: countSent(state) });
    expect(result.errors).toEqual([]);
    expect(result.outputs.done).toEqual({ count: 10_000, iterations: 10_000, completed: true });
    expect(state.consumed).toBe(10_000);
    expect(state.maxLag).toBeLessThanOrEqual(18);
  });

  it('stops mid-loop when the run is cancelled, sending no summary', async () => {
    const controller = new AbortController();
    const state = { consumed: 0, sent: 0, maxLag: 0, onPacket: (count: number) => count === 100 && controller.abort() };
    const catalogue = createCatalogue([...logicActors, slowConsumer(state)]);
    const { result, events } = await runGraph(scaleGraph(10_000), catalogue, {
      executionId: 'e',
      workflowId: 'w',
      queueCapacity: 16,
      signal: controller.signal,
      onEvent: countSent(state),
    });
    expect(events.at(-1)?._type).toBe('Cancelled');
    expect(result.outputs).toEqual({});
    expect(state.sent).toBeLessThan(200);
  });
});
