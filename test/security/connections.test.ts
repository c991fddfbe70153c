import { connect, type Socket } from 'node:net';
import { WebSocket } from 'ws';
import { multiplyGraph } from '../support/graphs';
import { startTestApp } from '../support/test-app';
import { upgradeStatus } from '../support/upgrade-status';

const TOKEN = 'a-long-enough-test-token-0123456789';

function openIdleSocket(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => resolve(socket));
    socket.on('error', () => undefined);
  });
}

describe('connections', () => {
  it('closes sockets that send no request head, and answers /health even at the connection limit', async () => {
    const app = await startTestApp({ config: { max_connections: 4, headers_timeout_ms: 500, request_timeout_ms: 1000 } });
    try {
      const idle = await Promise.all(Array.from({ length: 4 }, () => openIdleSocket(app.url)));
      const closed = idle.map((socket) => new Promise<void>((resolve) => socket.once('close', () => resolve())));
      expect((await fetch(`${app.url}/health`)).status).toBe(200);
      const started = Date.now();
      await Promise.all(closed);
      expect(Date.now() - started).toBeLessThan(4000);
      expect((await fetch(`${app.url}/actors`)).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('closes a WebSocket that neither subscribes nor sends anything', async () => {
    const app = await startTestApp({ config: { ws_idle_timeout_ms: 300 } });
    try {
      const socket = new WebSocket(app.wsUrl);
      const code = await new Promise<number>((resolve) => socket.once('close', (closeCode) => resolve(closeCode)));
      expect(code).toBe(4000);
    } finally {
      await app.close();
    }
  });
});

describe('rates', () => {
  it('counts WebSocket starts and cancels against the HTTP budget of the same client', async () => {
    const app = await startTestApp({ config: { rate_limit_requests_per_minute: 3 } });
    try {
      for (let i = 0; i < 3; i++) expect((await fetch(`${app.url}/actors`)).status).toBe(200);
      expect((await fetch(`${app.url}/actors`)).status).toBe(429);
      const socket = new WebSocket(app.wsUrl);
      await new Promise((resolve) => socket.once('open', resolve));
      const reply = new Promise<Record<string, unknown>>((resolve) => socket.once('message', (data) => resolve(JSON.parse(data.toString()))));
      socket.send(JSON.stringify({ type: 'start_workflow', data: { graph_json: multiplyGraph(), input: { x: 1, y: 2 } }, request_id: 'r1' }));
      expect(await reply).toMatchObject({ type: 'error', success: false, code: 'RATE_LIMITED', retry_after: expect.any(Number), request_id: 'r1' });
      expect((await app.store.list({ limit: 10 })).items).toHaveLength(0);
      socket.close();
    } finally {
      await app.close();
    }
  });

  it('refuses every attempt of a client that sent ten wrong tokens, over HTTP and on the upgrade, until the minute ends', async () => {
    const app = await startTestApp({ config: { auth_tokens: [TOKEN] } });
    try {
      const get = (token: string) => fetch(`${app.url}/actors`, { headers: { authorization: `Bearer ${token}` } });
      for (let i = 0; i < 10; i++) expect((await get(`wrong-token-${i}`)).status).toBe(401);
      const blocked = await get(TOKEN);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await blocked.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
      expect(await upgradeStatus(`${app.wsUrl}?access_token=${TOKEN}`)).toBe(429);
      expect((await fetch(`${app.url}/health`)).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});
