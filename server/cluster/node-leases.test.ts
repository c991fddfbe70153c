import { type Redis } from 'ioredis';
import { type ExecutionService } from '../executions';
import { silentLogger } from '../logger';
import { MemoryExecutionStore } from '../storage';
import { executionRecord } from '../../test/support/execution-record';
import { NodeLeases } from './node-leases';

describe('the node leases of a cluster', () => {
  it('dispatches again the executions still queued past the failure timeout, such as one a node wrote to run itself and died before claiming', async () => {
    const store = new MemoryExecutionStore();
    store.insert(executionRecord('left-unclaimed', { createdAt: 1_000 }));
    store.insert(executionRecord('just-written', { createdAt: 9_000 }));
    store.insert(executionRecord('running-here', { createdAt: 1_000, status: 'running', nodeId: 'n1', startedAt: 1_001 }));
    const dispatched: string[] = [];
    const leases = new NodeLeases({
      namespace: 'leases',
      nodeId: 'n1',
      // Neither is asked for: no other node has a running execution.
      redis: {} as Redis,
      service: {} as ExecutionService,
      store,
      failureTimeoutMs: 3000,
      redispatch: (executionId) => dispatched.push(executionId),
      logger: silentLogger,
      now: () => 10_000,
    });
    expect(await leases.check()).toBe(0);
    expect(dispatched).toEqual(['left-unclaimed']);
  });
});
