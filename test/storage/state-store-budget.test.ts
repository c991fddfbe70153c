import { type GraphJson, type JsonValue } from '../../model';
import { type TestApp, startTestApp } from '../support/test-app';

/** One State Store node doing `operation` on `key` in memory storage, with `value` when it sets. */
function stateGraph(operation: string, key: string, value?: JsonValue): GraphJson {
  return {
    processes: { s: { component: 'tpl_state_store', metadata: { config: { operation, storageType: 'memory', namespace: 'budget' } } } },
    connections: [
      { data: key, tgt: { process: 's', port: 'key-in' } },
      ...(value === undefined ? [] : [{ data: value, tgt: { process: 's', port: 'value-in' } }]),
    ],
  };
}

describe('memory State Store budget (max_state_store_mb)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ config: { max_state_store_mb: 1 } });
  });
  afterAll(() => app.close());

  const run = async (graph: GraphJson) => {
    const { response, data } = await app.client.startWorkflow({ graph_json: graph });
    expect(response.status).toBe(200);
    return app.client.waitForCompletion(data!.data.execution_id);
  };
  const found = async (key: string) => (await run(stateGraph('exists', key))).result!.outputs['s.success-out'];

  it('forgets the least recently used key past the budget, and refuses a value larger than the whole of it', async () => {
    const value = 'v'.repeat(600 * 1024);
    expect((await run(stateGraph('set', 'first', value))).status).toBe('completed');
    expect((await run(stateGraph('set', 'second', value))).status).toBe('completed');
    expect(await found('first')).toBe(false);
    expect(await found('second')).toBe(true);
    const refused = await run(stateGraph('set', 'huge', 'h'.repeat(2 * 1024 * 1024)));
    expect(refused.status).toBe('failed');
    expect(JSON.stringify(refused.result!.errors)).toMatch(/max_state_store_mb = 1/);
    expect(await found('huge')).toBe(false);
    expect(await found('second')).toBe(true);
  }, 30_000);
});
