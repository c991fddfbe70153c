import { graphFixture, httpGetGraph, multiplyGraph } from './support/graphs';
import { type SlowServer, startSlowServer } from './support/slow-server';
import { type TestApp, startTestApp } from './support/test-app';
import { waitFor } from './support/wait-for';

describe('executions over HTTP', () => {
  let app: TestApp;
  let slow: SlowServer;
  beforeAll(async () => {
    app = await startTestApp();
    slow = await startSlowServer(30_000);
  });
  afterAll(async () => {
    await app.close();
    await slow.close();
  });

  it.each(['multiply', 'fanout-iip', 'error-routing'])('runs the %s fixture to its expected outputs', async (name) => {
    const fixture = graphFixture(name);
    const { data, response } = await app.client.startWorkflow(fixture.request);
    expect(response.status).toBe(200);
    expect(data!.data).toEqual({ execution_id: expect.any(String), status: 'started', message: expect.any(String) });
    const execution = await app.client.waitForCompletion(data!.data.execution_id);
    expect(execution.status).toBe(fixture.expected.status);
    expect(execution.result!.outputs).toEqual(fixture.expected.outputs);
  });

  it('answers the start at once and reports the result shape once the run ends', async () => {
    const { data } = await app.client.startWorkflow({ graph_json: multiplyGraph(), input: { x: 2, y: 21 } });
    const id = data!.data.execution_id;
    const execution = await app.client.waitForCompletion(id);
    expect(execution).toMatchObject({ id, status: 'completed', workflow_id: 'multiply', workflow_name: 'multiply', source: 'http_api' });
    expect(execution.result).toEqual({
      success: true,
      execution_id: id,
      workflow_id: 'multiply',
      start_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      end_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      duration_ms: expect.any(Number),
      outputs: { product: 42 },
      errors: [],
      nodes_executed: 1,
      nodes_failed: 0,
      names: { workflow_name: 'multiply', nodes: {}, outputs: {} },
    });
  });

  it('runs a graph written the NoFlo way: src/tgt connections, an initial packet and processes as an array', async () => {
    const graph = {
      properties: { name: 'noflo-style' },
      processes: [
        { id: 'add', component: 'tpl_math_add' },
        { id: 'mul', component: 'tpl_math_multiply' },
      ],
      connections: [
        { data: 2, tgt: { process: 'add', port: 'b-in' } },
        { src: { process: 'add', port: 'result-out' }, tgt: { process: 'mul', port: 'a-in' } },
        { data: 10, tgt: { process: 'mul', port: 'b-in' } },
      ],
      inports: { x: { process: 'add', port: 'a-in' } },
      outports: { out: { process: 'mul', port: 'result-out' } },
    };
    const { data, response } = await app.client.startWorkflow({ graph_json: graph, input: { x: 3 } });
    expect(response.status).toBe(200);
    const execution = await app.client.waitForCompletion(data!.data.execution_id);
    expect(execution).toMatchObject({ status: 'completed', workflow_id: 'noflo-style' });
    expect(execution.result!.outputs).toEqual({ out: 50 });
  });

  it('answers a NoFlo connection with no target with 400 naming tgt, and runs nothing', async () => {
    const graph = { processes: { add: { component: 'tpl_math_add' } }, connections: [{ src: { process: 'add', port: 'result-out' } }] };
    const { response, error } = await app.client.startWorkflow({ graph_json: graph, metadata: { execution_id: 'no-target-1' } });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(error!.details!.map((d) => d.path)).toContain('graph_json.connections[0].tgt');
    expect((await app.client.getWorkflow('no-target-1')).response.status).toBe(404);
  });

  it('uses a given execution id, and treats the same request again as an idempotent retry', async () => {
    const request = { graph_json: multiplyGraph(), input: { x: 1, y: 1 }, metadata: { execution_id: 'retry-1' } };
    const first = await app.client.startWorkflow(request);
    const second = await app.client.startWorkflow(request);
    expect(first.data!.data.execution_id).toBe('retry-1');
    expect(second.response.status).toBe(200);
    expect(second.data!.data.execution_id).toBe('retry-1');
    expect((await app.store.list({ limit: 100 })).items.filter((r) => r.id === 'retry-1')).toHaveLength(1);
  });

  it('answers 409 when an execution id is reused by a different request, leaving the first untouched', async () => {
    await app.client.startWorkflow({ graph_json: multiplyGraph(), input: { x: 1, y: 2 }, metadata: { execution_id: 'taken-1' } });
    const before = await app.client.waitForCompletion('taken-1');
    const { response, error } = await app.client.startWorkflow({ graph_json: multiplyGraph(), input: { x: 9, y: 9 }, metadata: { execution_id: 'taken-1' } });
    expect(response.status).toBe(409);
    expect(error).toMatchObject({ success: false, code: 'CONFLICT', error: expect.stringContaining('taken-1') });
    expect((await app.client.getWorkflow('taken-1')).data!.data).toEqual(before);
  });

  it('answers an invalid graph with 400 naming the culprit, and runs nothing', async () => {
    const graph = { ...multiplyGraph(), connections: [{ from: { nodeId: 'mul', portId: 'nope-out' }, to: { nodeId: 'ghost', portId: 'in' } }] };
    const { response, error } = await app.client.startWorkflow({ graph_json: graph, input: { x: 1, y: 2 }, metadata: { execution_id: 'invalid-1' } });
    expect(response.status).toBe(400);
    expect(error!.code).toBe('VALIDATION_FAILED');
    expect(error!.details!.map((d) => d.path)).toEqual(expect.arrayContaining([expect.stringMatching(/^graph_json\.connections\[0\]/)]));
    expect(error!.details!.map((d) => d.message).join(' ')).toMatch(/ghost|nope-out/);
    expect((await app.client.getWorkflow('invalid-1')).response.status).toBe(404);
  });

  it('answers a start whose input leaves out an exported inport that alone feeds a required port with 400 naming that input, and runs nothing', async () => {
    const { response, error } = await app.client.startWorkflow({ graph_json: multiplyGraph(), input: { x: 1 }, metadata: { execution_id: 'missing-input-1' } });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'input.y', message: expect.stringContaining("Input 'y' is missing") }] });
    expect((await app.client.getWorkflow('missing-input-1')).response.status).toBe(404);
  });

  it('answers an unknown component with 400 naming it', async () => {
    const graph = { processes: { a: { component: 'tpl_does_not_exist' } }, connections: [] };
    const { response, error } = await app.client.startWorkflow({ graph_json: graph });
    expect(response.status).toBe(400);
    expect(error!.error).toContain('tpl_does_not_exist');
  });

  it('cancels a running execution, aborting its in-flight request, and the state stays cancelled', async () => {
    const { data } = await app.client.startWorkflow({ graph_json: httpGetGraph(slow.url) });
    const id = data!.data.execution_id;
    await waitFor(() => slow.requests > 0, { what: 'the request to reach the slow server' });
    expect((await app.client.getWorkflow(id)).data!.data.status).toBe('running');
    const { data: cancelled, response } = await app.client.cancelWorkflow(id);
    expect(response.status).toBe(200);
    expect(cancelled!.data).toEqual({ execution_id: id, status: 'cancelled' });
    await waitFor(() => slow.aborted > 0, { what: 'the slow request to be aborted' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const after = (await app.client.getWorkflow(id)).data!.data;
    expect(after.status).toBe('cancelled');
    expect(after.result).toMatchObject({ success: false, execution_id: id });
  });

  it('answers 409 to cancelling a finished execution and changes nothing', async () => {
    const { data } = await app.client.startWorkflow({ graph_json: multiplyGraph(), input: { x: 2, y: 3 } });
    const id = data!.data.execution_id;
    const finished = await app.client.waitForCompletion(id);
    const events = (await app.client.getWorkflowEvents(id)).data!.data.events;
    const { response, error } = await app.client.cancelWorkflow(id);
    expect(response.status).toBe(409);
    expect(error).toMatchObject({ success: false, code: 'CONFLICT' });
    expect((await app.client.getWorkflow(id)).data!.data).toEqual(finished);
    expect((await app.client.getWorkflowEvents(id)).data!.data.events).toEqual(events);
  });

  it('replays the event log in order, from seq 1 without gaps, ending with one terminal event', async () => {
    const { data } = await app.client.startWorkflow({ graph_json: multiplyGraph(), input: { x: 2, y: 3 } });
    const id = data!.data.execution_id;
    await app.client.waitForCompletion(id);
    const page = (await app.client.getWorkflowEvents(id)).data!.data;
    expect(page.next_seq).toBeNull();
    expect(page.events.map((e) => e.seq)).toEqual(page.events.map((_, i) => i + 1));
    expect(page.events[0]._type).toBe('NetworkStarted');
    expect(page.events.filter((e) => ['Completed', 'Failed', 'Cancelled'].includes(e._type))).toEqual([page.events[page.events.length - 1]]);
    expect(page.events[page.events.length - 1]._type).toBe('Completed');
    const tail = (await app.client.getWorkflowEvents(id, { from_seq: 3, limit: 2 })).data!.data;
    expect(tail.events.map((e) => e.seq)).toEqual([3, 4]);
    expect(tail.next_seq).toBe(5);
  });

  it('streams the events as Server-Sent Events, resuming after Last-Event-ID', async () => {
    const { data } = await app.client.startWorkflow({ graph_json: multiplyGraph(), input: { x: 2, y: 3 } });
    const id = data!.data.execution_id;
    await app.client.waitForCompletion(id);
    const response = await fetch(`${app.url}/workflows/${id}/events`, { headers: { accept: 'text/event-stream', 'last-event-id': '2' } });
    expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
    const text = await response.text();
    const ids = [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
    const total = (await app.client.getWorkflowEvents(id)).data!.data.events.length;
    expect(ids).toEqual(Array.from({ length: total - 2 }, (_, i) => i + 3));
    expect(text).toContain('"_type":"Completed"');
  });

  it('lists executions newest first, filtered by status and workflow id, with cursor paging', async () => {
    for (let i = 0; i < 3; i += 1) {
      const { data } = await app.client.startWorkflow({ graph_json: multiplyGraph(), input: { x: i, y: 1 }, metadata: { workflow_id: 'paged' } });
      await app.client.waitForCompletion(data!.data.execution_id);
    }
    const first = (await app.client.listWorkflows({ workflow_id: 'paged', limit: 2 })).data!.data;
    expect(first.items).toHaveLength(2);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = (await app.client.listWorkflows({ workflow_id: 'paged', limit: 2, cursor: first.next_cursor! })).data!.data;
    expect(second.items).toHaveLength(1);
    expect(second.next_cursor).toBeNull();
    const ids = [...first.items, ...second.items].map((e) => e.id);
    expect(new Set(ids).size).toBe(3);
    expect([...first.items, ...second.items].every((e) => e.workflow_id === 'paged' && e.status === 'completed')).toBe(true);
    const created = [...first.items, ...second.items].map((e) => e.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    const none = (await app.client.listWorkflows({ workflow_id: 'paged', status: 'failed' })).data!.data;
    expect(none.items).toEqual([]);
  });
});
