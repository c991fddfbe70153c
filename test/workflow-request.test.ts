import { graphFixture } from './support/graphs';
import { type TestApp, startTestApp } from './support/test-app';

describe('GET /workflows/{execution_id}/request', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('returns the graph, input and metadata an execution was started with, and posting them again runs the same workflow', async () => {
    const { request, expected } = graphFixture('multiply');
    // Keys beyond the documented ones are kept with the execution, so they come back too.
    const given = { execution_id: 'stored-1', customer: 'acme' };
    const { data } = await app.client.startWorkflow({ ...request, metadata: given });
    await app.client.waitForCompletion(data!.data.execution_id);
    const stored = (await app.client.getWorkflowRequest('stored-1')).data!.data;
    expect(stored.graph_json).toEqual(request.graph_json);
    expect(stored.input).toEqual(request.input);
    expect(stored.metadata).toEqual(given);
    const { execution_id: _id, ...metadata } = stored.metadata!;
    const again = await app.client.startWorkflow({ graph_json: stored.graph_json, input: stored.input, metadata });
    const rerun = await app.client.waitForCompletion(again.data!.data.execution_id);
    expect(rerun.id).not.toBe('stored-1');
    expect(rerun.result?.outputs).toEqual(expected.outputs);
  });

  it('gives a graph sent as .fbp text both as FBP JSON and as the text it came as', async () => {
    const fbp = "INPORT=mul.A_IN:X\nOUTPORT=mul.RESULT_OUT:PRODUCT\n'4.5' -> B_IN mul(tpl_math_multiply)";
    await app.client.startWorkflow({ graph_fbp: fbp, input: { x: 2 }, metadata: { execution_id: 'stored-fbp' } });
    const stored = (await app.client.getWorkflowRequest('stored-fbp')).data!.data;
    expect(stored.graph_fbp).toBe(fbp);
    expect(Object.values(stored.graph_json.processes as Record<string, { component: string }>).map((process) => process.component)).toEqual([
      'tpl_math_multiply',
    ]);
    expect(stored.input).toEqual({ x: 2 });
  });

  it('answers 404 in the envelope for an unknown execution and 400 for an id that cannot be one', async () => {
    const missing = await app.client.getWorkflowRequest('no-such-execution');
    expect(missing.response.status).toBe(404);
    expect(missing.error).toEqual(expect.objectContaining({ success: false, code: 'NOT_FOUND' }));
    expect(missing.error!.error).toContain('no-such-execution');
    const bad = await fetch(`${app.url}/workflows/${encodeURIComponent('~bad id')}/request`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual(expect.objectContaining({ success: false, code: 'VALIDATION_FAILED' }));
  });

  it('requires a bearer token when the server has tokens, like every other execution route', async () => {
    const guarded = await startTestApp({ config: { auth_tokens: ['request-route-token-1234'] } });
    try {
      await guarded.client.startWorkflow({ ...graphFixture('multiply').request, metadata: { execution_id: 'guarded-1' } });
      expect((await fetch(`${guarded.url}/workflows/guarded-1/request`)).status).toBe(401);
      expect((await guarded.client.getWorkflowRequest('guarded-1')).data!.data.metadata).toEqual({ execution_id: 'guarded-1' });
    } finally {
      await guarded.close();
    }
  });
});
