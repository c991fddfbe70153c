import { connect } from 'node:net';
import { WebSocket } from 'ws';
import { type TestApp, startTestApp } from '../support/test-app';

/** JSON text of an object nested `depth` levels deep (built as text: JSON.stringify would overflow the stack). */
function nested(depth: number): string {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** Sends only the head of a request and resolves with the status line the server answers with. */
function statusForHeadOnly(url: string, head: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(head));
    socket.setEncoding('utf8');
    socket.once('data', (chunk: string) => {
      resolve(chunk.split('\r\n')[0]);
      socket.destroy();
    });
    socket.once('error', reject);
  });
}

describe('bad input', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ config: { max_body_bytes: 1024 * 1024 } });
  });
  afterAll(() => app.close());

  const stored = async () => (await app.store.list({ limit: 100 })).items.length;

  it('answers a body nested 10,000 levels deep with 400, storing nothing', async () => {
    const before = await stored();
    const response = await fetch(`${app.url}/workflows`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"graph_json": {"processes": {}}, "input": {"deep": ${nested(10_000)}}}`,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', error: expect.stringContaining('nests deeper than 256 levels') });
    expect(await stored()).toBe(before);
  });

  it('answers a malformed percent-escape in a path with 400', async () => {
    for (const path of ['/workflows/%zz', '/workflows/%zz/events', '/actors/%E0%A4%A']) {
      const response = await fetch(`${app.url}${path}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    }
  });

  it('answers array-style query parameters with 400', async () => {
    for (const query of ['limit[]=1', 'status[]=running', 'cursor[a]=1', 'from_seq[]=2']) {
      const path = query.startsWith('from_seq') ? '/workflows/x/events' : '/workflows';
      const response = await fetch(`${app.url}${path}?${query}`);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(await response.json()).toMatchObject({ success: false });
    }
  });

  it('answers a declared Content-Length above the limit with 413 before the body is sent', async () => {
    const head = `POST /workflows HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${1024 * 1024 * 1024}\r\n\r\n`;
    expect(await statusForHeadOnly(app.url, head)).toBe('HTTP/1.1 413 Payload Too Large');
  });

  it('answers a WebSocket frame nested 10,000 levels deep with an error frame, and keeps the socket', async () => {
    const socket = new WebSocket(app.wsUrl);
    await new Promise((resolve) => socket.once('open', resolve));
    const replies: unknown[] = [];
    socket.on('message', (data) => replies.push(JSON.parse(data.toString())));
    socket.send(`{"type": "start_workflow", "data": {"graph_json": ${nested(10_000)}}}`);
    socket.send(JSON.stringify({ type: 'cancel_workflow', execution_id: 'none' }));
    const deadline = Date.now() + 5000;
    while (replies.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(replies[0]).toMatchObject({ type: 'error', success: false, code: 'VALIDATION_FAILED', error: 'Frame nests deeper than 256 levels' });
    expect(replies[1]).toMatchObject({ type: 'workflow_cancelled', success: false, code: 'NOT_FOUND' });
    socket.close();
  });
});
