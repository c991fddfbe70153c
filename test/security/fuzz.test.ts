import fc from 'fast-check';
import { WebSocket } from 'ws';
import { BODY, FRAME, PATH, QUERY } from '../support/fuzz-arbitraries';
import { type TestApp, startTestApp } from '../support/test-app';

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
