import { WebSocket } from 'ws';
import { ProtocolClient } from '../support/protocol-client';
import { type TestApp, startTestApp } from '../support/test-app';

const TOKEN = 'protocol-socket-secret-0123456789';

/** One protocol socket that sends nothing, or the refusal of its upgrade. */
interface AnonymousSocket {
  ws?: WebSocket;
  closed?: Promise<number>;
  status: number;
  body?: string;
  retryAfter?: string;
}

function openAnonymous(url: string): Promise<AnonymousSocket> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/`, 'noflo');
    ws.on('error', () => undefined);
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      const retryAfter = res.headers['retry-after'];
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, retryAfter }));
      res.on('error', () => resolve({ status: res.statusCode ?? 0, body, retryAfter }));
    });
    ws.once('open', () => {
      const closed = new Promise<number>((done) => ws.once('close', (code) => done(code)));
      resolve({ ws, closed, status: 101 });
    });
  });
}

function nextMessage(ws: WebSocket): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    ws.once('message', (data) => resolve(JSON.parse(String(data))));
    ws.once('close', (code) => reject(new Error(`closed with ${code} before answering`)));
  });
}

const apiStatus = (app: TestApp) => fetch(`${app.url}/actors`, { headers: { authorization: `Bearer ${TOKEN}` } }).then((response) => response.status);

describe('FBP protocol sockets', () => {
  it('keeps anonymous protocol sockets to their own cap and auth window, so that token holders are always answered', async () => {
    const app = await startTestApp({ config: { auth_tokens: [TOKEN], max_connections: 40, max_protocol_connections: 20, protocol_auth_timeout_ms: 6000 } });
    try {
      const sockets = await Promise.all(Array.from({ length: 150 }, () => openAnonymous(app.url)));
      const open = sockets.filter((socket) => socket.ws !== undefined);
      const refused = sockets.filter((socket) => socket.ws === undefined);
      expect(open).toHaveLength(20);
      expect(refused.map((socket) => socket.status)).toEqual(Array(130).fill(503));
      expect(JSON.parse(refused[0].body!)).toMatchObject({ success: false, code: 'UNAVAILABLE', error: expect.stringContaining('FBP protocol') });
      // The sockets that hold the slots are gone within the auth window.
      expect(refused[0].retryAfter).toBe('6');

      // Before its secret, a socket learns what the runtime is and that it may do nothing.
      const answers = await Promise.all(
        open.map((socket) => {
          const answer = nextMessage(socket.ws!);
          socket.ws!.send(JSON.stringify({ protocol: 'runtime', command: 'getruntime', payload: {} }));
          return answer;
        }),
      );
      for (const answer of answers) {
        expect(answer).toMatchObject({
          protocol: 'runtime',
          command: 'runtime',
          payload: { capabilities: [], allCapabilities: expect.arrayContaining(['protocol:graph', 'network:control']) },
        });
        expect(answer.payload).not.toHaveProperty('graph');
      }
      const refusals = await Promise.all(
        open.slice(0, 3).map((socket) => {
          const answer = nextMessage(socket.ws!);
          socket.ws!.send(JSON.stringify({ protocol: 'graph', command: 'clear', payload: { id: 'taken', main: true } }));
          return answer;
        }),
      );
      for (const refusal of refusals)
        expect(refusal).toEqual({ protocol: 'graph', command: 'error', payload: { message: expect.stringContaining('A valid secret is required') } });

      // While they are open (150 protocol sockets were asked for, more than max_connections), the API still
      // answers every token holder.
      expect(open.every((socket) => socket.ws!.readyState === WebSocket.OPEN)).toBe(true);
      const statuses = await Promise.all(Array.from({ length: 30 }, () => apiStatus(app)));
      expect(statuses).toEqual(Array(30).fill(200));

      // No valid secret within the window: each is closed, and its slot is free again.
      expect(await Promise.all(open.map((socket) => socket.closed))).toEqual(Array(20).fill(4001));
      const owner = await ProtocolClient.open(app.url, TOKEN);
      owner.send('runtime', 'getruntime');
      const runtime = (await owner.next('runtime', 'runtime')).payload;
      expect(runtime.capabilities).toEqual(expect.arrayContaining(['protocol:graph', 'protocol:network']));
      expect(runtime).not.toHaveProperty('graph');
      owner.send('graph', 'addnode', { id: 'n', component: 'core/Repeat', graph: 'taken' });
      expect((await owner.next('graph', 'error')).payload).toEqual({ message: 'Requested graph not found' });
      owner.close();
      expect(await apiStatus(app)).toBe(200);
    } finally {
      await app.close();
    }
  }, 30_000);

  it('sends network messages only to sockets that showed a valid secret', async () => {
    const app = await startTestApp({ config: { auth_tokens: [TOKEN] } });
    try {
      const stranger = await ProtocolClient.open(app.url);
      const owner = await ProtocolClient.open(app.url, TOKEN);
      owner.send('graph', 'clear', { id: 'private' });
      owner.send('graph', 'addnode', { id: 'show', component: 'core/Output', graph: 'private' });
      owner.send('graph', 'addinitial', { src: { data: 'for the owner only' }, tgt: { node: 'show', port: 'in' }, graph: 'private' });
      await owner.next('graph', 'addinitial');
      owner.send('network', 'start', { graph: 'private' });
      const run = await owner.until('network', 'stopped', 10_000);
      expect(run.filter((m) => m.command === 'output').map((m) => m.payload.message)).toEqual(['for the owner only']);
      // Answers come in order: once the stranger has its answer, it would have had the network's messages too.
      stranger.send('runtime', 'getruntime');
      const seen = await stranger.until('runtime', 'runtime');
      expect(seen.map((m) => `${m.protocol}:${m.command}`)).toEqual(['runtime:runtime']);
      stranger.close();
      owner.close();
    } finally {
      await app.close();
    }
  });

  it('keeps a socket that showed a valid secret open past the auth window', async () => {
    const app = await startTestApp({ config: { auth_tokens: [TOKEN], protocol_auth_timeout_ms: 300 } });
    try {
      const client = await ProtocolClient.open(app.url, TOKEN);
      client.send('runtime', 'getruntime');
      expect((await client.next('runtime', 'runtime')).payload.capabilities).toContain('protocol:graph');
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect(client.isOpen).toBe(true);
      client.close();
    } finally {
      await app.close();
    }
  });

  it('closes an authenticated protocol socket that stays idle, as /ws does, and gives no auth window without tokens', async () => {
    const app = await startTestApp({ config: { auth_tokens: [TOKEN], ws_idle_timeout_ms: 400, protocol_auth_timeout_ms: 10_000 } });
    try {
      const client = await ProtocolClient.open(app.url, TOKEN);
      client.send('runtime', 'getruntime');
      await client.next('runtime', 'runtime');
      expect(await client.closed).toBe(4000);
    } finally {
      await app.close();
    }
    const open = await startTestApp({ config: { ws_idle_timeout_ms: 400, protocol_auth_timeout_ms: 100 } });
    try {
      const client = await ProtocolClient.open(open.url);
      client.send('runtime', 'getruntime');
      expect((await client.next('runtime', 'runtime')).payload.capabilities).toContain('protocol:graph');
      expect(await client.closed).toBe(4000);
    } finally {
      await open.close();
    }
  });

  it('refuses a change that would pass max_protocol_graph_mb, changing nothing, and takes smaller ones and freed bytes', async () => {
    // 50 KiB for every graph together.
    const app = await startTestApp({ config: { auth_tokens: [TOKEN], max_protocol_graph_mb: 50 / 1024 } });
    const big = (n: number) => ({ note: 'x'.repeat(n) });
    try {
      const client = await ProtocolClient.open(app.url, TOKEN);
      client.send('graph', 'clear', { id: 'one' });
      client.send('graph', 'clear', { id: 'two' });
      client.send('graph', 'addnode', { id: 'a', component: 'core/Repeat', metadata: big(30_000), graph: 'one' });
      expect((await client.next('graph', 'addnode')).payload).toMatchObject({ id: 'a', graph: 'one' });

      // The cap holds for all graphs together: the second graph may not take what the first holds.
      client.send('graph', 'addnode', { id: 'b', component: 'core/Repeat', metadata: big(30_000), graph: 'two' });
      expect((await client.next('graph', 'error')).payload.message).toMatch(/max_protocol_graph_mb/);
      client.send('graph', 'changenode', { id: 'a', metadata: { extra: 'y'.repeat(30_000) }, graph: 'one' });
      expect((await client.next('graph', 'error')).payload.message).toMatch(/max_protocol_graph_mb/);
      client.send('graph', 'addinitial', { src: { data: 'z'.repeat(30_000) }, tgt: { node: 'a', port: 'in' }, graph: 'one' });
      expect((await client.next('graph', 'error')).payload.message).toMatch(/max_protocol_graph_mb/);

      // Nothing of the refused changes is held.
      client.send('graph', 'removenode', { id: 'b', graph: 'two' });
      expect((await client.next('graph', 'error')).payload).toEqual({ message: "Requested node 'b' not found" });
      client.send('graph', 'changenode', { id: 'a', metadata: {}, graph: 'one' });
      expect((await client.next('graph', 'changenode')).payload.metadata).toEqual(big(30_000));
      client.send('graph', 'removeinitial', { tgt: { node: 'a', port: 'in' }, graph: 'one' });
      expect((await client.next('graph', 'error')).payload.message).toMatch(/No initial packet/);

      // A smaller change fits; removing a node gives its bytes back.
      client.send('graph', 'addnode', { id: 'c', component: 'core/Repeat', metadata: big(1_000), graph: 'two' });
      expect((await client.next('graph', 'addnode')).payload).toMatchObject({ id: 'c', graph: 'two' });
      client.send('graph', 'removenode', { id: 'a', graph: 'one' });
      await client.next('graph', 'removenode');
      client.send('graph', 'addnode', { id: 'b', component: 'core/Repeat', metadata: big(30_000), graph: 'two' });
      expect((await client.next('graph', 'addnode')).payload).toMatchObject({ id: 'b', graph: 'two' });
      client.close();
    } finally {
      await app.close();
    }
  });

  it('refuses a message nested deeper than 256 levels with the protocol error, and the graph still runs', async () => {
    const app = await startTestApp({ config: { auth_tokens: [TOKEN] } });
    const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
    const raw = (command: string, payload: string) => `{"protocol":"graph","command":"${command}","secret":"${TOKEN}","payload":${payload}}`;
    try {
      const client = await ProtocolClient.open(app.url, TOKEN);
      client.send('graph', 'clear', { id: 'deep' });
      await client.next('graph', 'clear');
      client.send('graph', 'addnode', { id: 'show', component: 'core/Output', graph: 'deep' });
      await client.next('graph', 'addnode');

      client.sendRaw(raw('changenode', `{"id":"show","graph":"deep","metadata":{"x":${nested(300)}}}`));
      expect((await client.next('graph', 'error')).payload).toEqual({ message: 'A message may nest at most 256 levels' });
      client.sendRaw(raw('addinitial', `{"src":{"data":${nested(200_000)}},"tgt":{"node":"show","port":"in"},"graph":"deep"}`));
      expect((await client.next('graph', 'error')).payload).toEqual({ message: 'A message may nest at most 256 levels' });

      // Nothing deep was kept: the node's metadata is as it was, and the graph runs.
      client.send('graph', 'changenode', { id: 'show', metadata: {}, graph: 'deep' });
      expect((await client.next('graph', 'changenode')).payload.metadata).toEqual({});
      client.send('graph', 'addinitial', { src: { data: 'still here' }, tgt: { node: 'show', port: 'in' }, graph: 'deep' });
      await client.next('graph', 'addinitial');
      client.send('network', 'start', { graph: 'deep' });
      const run = await client.until('network', 'stopped', 10_000);
      expect(run.filter((m) => m.command === 'output').map((m) => m.payload)).toEqual([{ message: 'still here', type: 'message' }]);
      expect(run.filter((m) => m.command === 'error')).toEqual([]);
      client.close();
    } finally {
      await app.close();
    }
  });
});
