import { AsyncLocalStorage } from 'node:async_hooks';
import { defineActor } from '../sdk/actor-definition';
import { type FiringIdentity } from './network-options';
import { runFlow, testActors } from '../../../test/support/kits';

describe('the firing scope of a run', () => {
  it('runs every attempt of every firing inside the scope, with its identity, and the actor sees the scope in its async work', async () => {
    const scope = new AsyncLocalStorage<string>();
    const seenInside: (string | undefined)[] = [];
    let attempts = 0;
    // Fails its first attempt after an await, succeeds the second: the node's retry policy runs it again.
    const flaky = defineActor({
      id: 'test_flaky',
      inports: { in: {} },
      outports: { out: {} },
      async fire({ inputs, send }) {
        await new Promise((resolve) => setImmediate(resolve));
        seenInside.push(scope.getStore());
        if (++attempts === 1) throw new Error('first attempt fails');
        await send('out', inputs.in ?? null);
      },
    });
    const firings: FiringIdentity[] = [];
    const { result, received } = await runFlow(
      [testActors.constant, flaky],
      {
        processes: {
          source: { component: 'test_constant', metadata: { config: { value: 7 } } },
          flaky: { component: 'test_flaky', metadata: { retry: { max_attempts: 2, backoff_ms: 0 } } },
        },
        connections: [{ src: { process: 'source', port: 'out' }, tgt: { process: 'flaky', port: 'in' } }],
        collect: ['flaky.out'],
      },
      {
        firingScope: (firing, fire) => {
          firings.push(firing);
          return scope.run(`${firing.nodeId}#${firing.attempt}`, fire);
        },
      },
    );
    expect(result.success).toBe(true);
    expect(received['flaky.out']).toEqual([7]);
    expect(seenInside).toEqual(['flaky#1', 'flaky#2']);
    const own = firings.filter((firing) => !firing.nodeId.startsWith('collect'));
    expect(own).toEqual([
      { executionId: 'exec-flow', workflowId: 'wf-flow', nodeId: 'source', component: 'test_constant', attempt: 1 },
      { executionId: 'exec-flow', workflowId: 'wf-flow', nodeId: 'flaky', component: 'test_flaky', attempt: 1 },
      { executionId: 'exec-flow', workflowId: 'wf-flow', nodeId: 'flaky', component: 'test_flaky', attempt: 2 },
    ]);
  });
});
