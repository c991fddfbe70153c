import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { ideFixture, withUrl } from './support/ide-fixtures';
import { type TestApp, startTestApp } from './support/test-app';
import { actorDefinitions } from '../server/actors';
import { createCatalogue } from '../server/engine';

/** A server whose catalogue lacks one actor, as a build without a family of nodes would: every IDE template has an actor in the full one. */
const startWithoutActor = (id: string) => startTestApp({ catalogue: createCatalogue(actorDefinitions.filter((actor) => actor.id !== id)) });

const FIXTURE_URL = 'http://127.0.0.1:8080/api/orders?status=open';

describe('IDE workflows', () => {
  let app: TestApp;
  let orders: Server;
  let ordersUrl: string;
  let status = 200;
  beforeAll(async () => {
    app = await startTestApp();
    orders = createServer((req, res) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          status === 200
            ? [
                { id: 'A-1', customer: 'Ada', total: 250.456 },
                { id: 'A-2', customer: 'Bob', total: 40 },
                { id: 'A-3', customer: 'Cy', total: 120 },
              ]
            : { message: 'maintenance' },
        ),
      );
    });
    await new Promise<void>((resolve) => orders.listen(0, '127.0.0.1', resolve));
    ordersUrl = `http://127.0.0.1:${(orders.address() as AddressInfo).port}/api/orders?status=open`;
  });
  afterAll(async () => {
    await app.close();
    await new Promise((resolve) => orders.close(resolve));
  });

  describe('POST /ide/convert', () => {
    it('converts the camelCase workflow into the engine graph without running anything', async () => {
      const { data, response } = await app.client.convertIdeWorkflow(ideFixture('http-branch'));
      expect(response.status).toBe(200);
      const conversion = data!.data;
      expect(conversion.required_actors).toEqual(['tpl_http_request', 'tpl_if_branch', 'tpl_data_transformer']);
      expect(conversion.unsupported_actors).toEqual([]);
      expect(conversion.conversion_metadata).toEqual({
        source_workflow_id: '0b7f4c52-3d7e-4f0a-9a51-6c2f1e8d4a10',
        source_workflow_name: 'Order fetch with status branch',
        node_count: 4,
        connection_count: 4,
      });
      const processes = conversion.engine_graph.processes as Record<string, { component: string; metadata: { config: Record<string, unknown> } }>;
      expect(processes['tpl_http_request-1733140800123-k2j4h6g8a']).toMatchObject({
        component: 'tpl_http_request',
        metadata: { config: { url: FIXTURE_URL, timeout: 5000, retryCount: 2 } },
      });
      expect(conversion.engine_graph.connections).toHaveLength(4);
      expect((await app.store.list({ limit: 10 })).items).toEqual([]);
    });

    it('converts the snake_case dialect to the same engine graph', async () => {
      const camel = (await app.client.convertIdeWorkflow(ideFixture('http-branch'))).data!.data;
      const snake = (await app.client.convertIdeWorkflow(ideFixture('snake-case'))).data!.data;
      expect(snake.engine_graph.processes).toEqual(camel.engine_graph.processes);
      expect(snake.engine_graph.connections).toEqual(camel.engine_graph.connections);
      expect(snake.required_actors).toEqual(camel.required_actors);
    });

    it('lists templates without an actor instead of failing', async () => {
      const lacking = await startWithoutActor('tpl_openai_gpt');
      const workflow = ideFixture('script-loop') as { graphs: { nodes: { metadata: { templateId: string } }[] }[] };
      workflow.graphs[0].nodes[0].metadata.templateId = 'tpl_openai_gpt';
      const { data, response } = await lacking.client.convertIdeWorkflow(workflow);
      await lacking.close();
      expect(response.status).toBe(200);
      expect(data!.data.unsupported_actors).toEqual(['tpl_openai_gpt']);
      expect(data!.data.required_actors).toContain('tpl_openai_gpt');
    });

    it('answers a malformed workflow with 400 naming the failing path', async () => {
      // Deliberately outside the contract's types: the server must refuse it.
      const { response, error } = await app.client.convertIdeWorkflow({
        id: 'w',
        name: 'broken',
        graphs: [{ id: 'main', isMain: true, nodes: 'nope', connections: [] }],
      } as never);
      expect(response.status).toBe(400);
      expect(error).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(error!.details!.map((d) => d.path)).toEqual(expect.arrayContaining([expect.stringMatching(/^graphs\[0\]\.nodes/)]));
    });
  });

  describe('POST /ide/workflows', () => {
    it('runs the script-loop workflow to its three priced line items', async () => {
      const { data, response } = await app.client.executeIdeWorkflow({ workflow: ideFixture('script-loop'), input: {} });
      expect(response.status).toBe(200);
      expect(data!.data).toEqual({ execution_id: expect.any(String), status: 'started', message: expect.any(String) });
      const execution = await app.client.waitForCompletion(data!.data.execution_id);
      expect(execution.status).toBe('completed');
      expect(execution.source).toBe('ide_api');
      expect(execution.result!.outputs).toEqual({
        'tpl_loop-1733227204222-x7z8a9s0d.index-out': 2,
        'tpl_loop-1733227204222-x7z8a9s0d.done-out': { count: 3, iterations: 3, completed: true },
        'tpl_data_transformer-1733227208333-f1g2h3j4k.transformed-out': { sku: 'INV-3', total: 75 },
      });
      const events = (await app.client.getWorkflowEvents(execution.id, { limit: 10_000 })).data!.data.events;
      const items = events.filter((e) => e._type === 'MessageSent' && e.fromPort === 'item-out').map((e) => (e as { message: unknown }).message);
      expect(items).toEqual([1, 2, 3].map((i) => ({ id: `INV-${i}`, qty: i * 2, unitPrice: 12.5 })));
      const transforms = events.filter((e) => e._type === 'ActorCompleted' && e.actorId.startsWith('tpl_data_transformer'));
      expect(transforms).toHaveLength(3);
    });

    it('runs the subgraph workflow to 6.48', async () => {
      const { data } = await app.client.executeIdeWorkflow({ workflow: ideFixture('subgraph'), input: {} });
      const execution = await app.client.waitForCompletion(data!.data.execution_id);
      expect(execution.status).toBe('completed');
      expect(Object.values(execution.result!.outputs)).toContain(6.48);
    });

    it("gives the workflow's name and its nodes' IDE titles beside the ids, which stay the output keys", async () => {
      const { data } = await app.client.executeIdeWorkflow({ workflow: ideFixture('subgraph'), input: {} });
      const execution = await app.client.waitForCompletion(data!.data.execution_id);
      const sqrt = 'tpl_math_sqrt-1733313639000-s3t4u5v6w';
      const normalise = 'subgraph-1733313634999-o0p1q2r';
      expect(execution.workflow_name).toBe('Square root of a rounded magnitude');
      expect(execution.result!.outputs).toEqual({ [`${sqrt}.result-out`]: 6.48 });
      expect(execution.result!.names).toEqual({
        workflow_name: 'Square root of a rounded magnitude',
        nodes: {
          'tpl_number_input-1733313630888-i6j7k8l9m': 'Reading',
          [normalise]: 'Normalise',
          [`${normalise}/graph_input-1733313605111-a1b2c3d4e`]: 'Graph Input',
          [`${normalise}/tpl_math_absolute-1733313608222-f5g6h7j8k`]: 'Absolute',
          [`${normalise}/tpl_math_round-1733313611333-l9m0n1p2q`]: 'Round',
          [`${normalise}/graph_output-1733313614444-r3s4t5u6v`]: 'Graph Output',
          [sqrt]: 'Square Root',
        },
        outputs: { [`${sqrt}.result-out`]: 'Square Root: result-out' },
      });
      const listed = (await app.client.listWorkflows({ limit: 100 })).data!.data.items.find((item) => item.id === execution.id);
      expect(listed?.workflow_name).toBe('Square root of a rounded magnitude');
    });

    it('runs the http-branch workflow against a real order service: big orders on the true branch', async () => {
      status = 200;
      const { data } = await app.client.executeIdeWorkflow({ workflow: withUrl(ideFixture('http-branch'), FIXTURE_URL, ordersUrl), input: {} });
      const execution = await app.client.waitForCompletion(data!.data.execution_id);
      expect(execution.status).toBe('completed');
      const outputs = execution.result!.outputs;
      expect(outputs['tpl_data_transformer-1733140811789-q1w2e3r4t.transformed-out']).toEqual([
        { orderId: 'A-1', customer: 'Ada', amount: 250.46 },
        { orderId: 'A-3', customer: 'Cy', amount: 120 },
      ]);
    });

    it('routes a failing order service to the failure report with its status and body', async () => {
      status = 503;
      const { data } = await app.client.executeIdeWorkflow({ workflow: withUrl(ideFixture('http-branch'), FIXTURE_URL, ordersUrl), input: {} });
      const execution = await app.client.waitForCompletion(data!.data.execution_id);
      status = 200;
      expect(execution.status).toBe('completed');
      expect(execution.result!.outputs['tpl_data_transformer-1733140815012-z5x6c7v8b.transformed-out']).toEqual({
        httpStatus: 503,
        reason: 'Service Unavailable',
        details: { message: 'maintenance' },
      });
    });

    it('refuses a workflow using a template without an actor, running nothing', async () => {
      const lacking = await startWithoutActor('tpl_openai_gpt');
      const workflow = ideFixture('script-loop') as { graphs: { nodes: { metadata: { templateId: string } }[] }[] };
      workflow.graphs[0].nodes[0].metadata.templateId = 'tpl_openai_gpt';
      const { response, error } = await lacking.client.executeIdeWorkflow({ workflow, input: {} });
      const stored = (await lacking.store.list({ limit: 100 })).items;
      await lacking.close();
      expect(response.status).toBe(400);
      expect(error!.error).toContain('tpl_openai_gpt');
      expect(stored).toEqual([]);
    });
  });
});
