import fc from 'fast-check';
import { WebSocket } from 'ws';
import { type TestApp, startTestApp } from '../support/test-app';

const ID = fc.oneof(fc.constantFrom('x', 'exec-1', '%zz', '%E0%A4%A', '..', '%2F', 'a%00b'), fc.string({ maxLength: 20 }).map(encodeURIComponent));

/** Every route of the API, with generated path parameters. */
const PATH = fc.oneof(
  fc.constant('/health'),
  fc.constant('/workflows'),
  ID.map((id) => `/workflows/${id}`),
  ID.map((id) => `/workflows/${id}/cancel`),
  fc.tuple(ID, ID).map(([id, node]) => `/workflows/${id}/nodes/${node}/config`),
  ID.map((id) => `/workflows/${id}/events`),
  fc.constant('/ide/convert'),
  fc.constant('/ide/workflows'),
  fc.constant('/actors'),
  ID.map((id) => `/actors/${id}`),
);

const QUERY_KEY = fc.oneof(fc.constantFrom('limit', 'status', 'cursor', 'workflow_id', 'from_seq', 'limit[]', 'status[a]'), fc.string({ maxLength: 8 }));
const QUERY = fc.dictionary(QUERY_KEY, fc.oneof(fc.string({ maxLength: 12 }), fc.integer().map(String)), { maxKeys: 3 });

/** JSON bodies of any shape, plus text that is not JSON. */
const BODY = fc.oneof(
  fc.jsonValue({ maxDepth: 5 }).map((value) => JSON.stringify(value)),
  fc
    .record({ graph_json: fc.jsonValue({ maxDepth: 4 }), input: fc.jsonValue({ maxDepth: 2 }), metadata: fc.jsonValue({ maxDepth: 2 }) })
    .map((value) => JSON.stringify(value)),
  fc.record({ workflow: fc.jsonValue({ maxDepth: 4 }), input: fc.jsonValue({ maxDepth: 2 }) }).map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 40 }),
);

/** Every client message type, with generated fields, plus frames of any shape. */
const FRAME = fc.oneof(
  fc
    .record({
      type: fc.constantFrom('start_workflow', 'subscribe_workflow', 'unsubscribe_workflow', 'cancel_workflow'),
      execution_id: fc.string({ maxLength: 12 }),
      data: fc.jsonValue({ maxDepth: 4 }),
      from_seq: fc.jsonValue({ maxDepth: 1 }),
      request_id: fc.jsonValue({ maxDepth: 1 }),
    })
    .map((value) => JSON.stringify(value)),
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 40 }),
);

describe('fuzzing the API', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ config: { max_body_bytes: 64 * 1024 } });
  });
  afterAll(() => app.close());

  it('answers 1,500 generated HTTP requests with a 4xx or 2xx in the envelope, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE'),
        PATH,
        QUERY,
        BODY,
        fc.constantFrom('application/json', 'text/plain'),
        async (method, path, query, body, type) => {
          const search = new URLSearchParams(query).toString();
          const response = await fetch(`${app.url}${path}${search ? `?${search}` : ''}`, {
            method,
            headers: { 'content-type': type },
            body: method === 'GET' ? undefined : body,
          });
          const text = await response.text();
          expect(response.status).toBeLessThan(500);
          const envelope = JSON.parse(text) as { success?: unknown; error?: unknown };
          expect(typeof envelope.success).toBe('boolean');
          if (envelope.success === false) expect(typeof envelope.error).toBe('string');
        },
      ),
      { numRuns: 1500 },
    );
  }, 120_000);

  it('answers 600 generated WebSocket frames with a reply each, keeping the socket open', async () => {
    const socket = new WebSocket(app.wsUrl);
    await new Promise((resolve) => socket.once('open', resolve));
    const replies: { type?: unknown; success?: unknown }[] = [];
    socket.on('message', (data) => replies.push(JSON.parse(data.toString())));
    await fc.assert(
      fc.asyncProperty(FRAME, async (frame) => {
        const before = replies.filter((reply) => reply.type !== 'network_event').length;
        socket.send(frame);
        const deadline = Date.now() + 5000;
        while (replies.filter((reply) => reply.type !== 'network_event').length === before && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 1));
        const reply = replies.filter((r) => r.type !== 'network_event')[before];
        expect(reply).toBeDefined();
        expect(typeof reply.type).toBe('string');
        expect(typeof reply.success).toBe('boolean');
        expect(socket.readyState).toBe(WebSocket.OPEN);
      }),
      { numRuns: 600 },
    );
    socket.close();
    const { response } = await app.client.health();
    expect(response.status).toBe(200);
  }, 120_000);
});
