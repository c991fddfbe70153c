import { Socket } from 'node:net';
import { upgradeStatus } from './support/upgrade-status';
import { type TestApp, startTestApp } from './support/test-app';

describe('the rate limit', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ config: { rate_limit_requests_per_minute: 3 } });
  });
  afterAll(() => app.close());

  it('answers 429 in the envelope with Retry-After and RateLimit headers once a client is over it', async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 4; i += 1) {
      last = await fetch(`${app.url}/workflows`);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await last!.json()).toMatchObject({ success: false, code: 'RATE_LIMITED', error: expect.stringContaining('3 requests per minute') });
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last!.headers.get('ratelimit-limit')).toBe('3');
    expect(last!.headers.get('ratelimit-remaining')).toBe('0');
    expect(Number(last!.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
  });

  it('does not limit the health check', async () => {
    const responses = await Promise.all(Array.from({ length: 5 }, () => fetch(`${app.url}/health`)));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
  });
});

describe('max_connections', () => {
  let app: TestApp;
  const held: Socket[] = [];
  beforeAll(async () => {
    app = await startTestApp({ config: { max_connections: 2 } });
  });
  afterAll(async () => {
    for (const socket of held) socket.destroy();
    await app.close();
  });

  const openIdle = (port: number) =>
    new Promise<Socket>((resolve) => {
      const socket = new Socket();
      socket.connect(port, '127.0.0.1', () => resolve(socket));
      held.push(socket);
    });

  it('answers a connection beyond the limit with 503 in the envelope, and refuses a WebSocket, but the health check answers', async () => {
    const port = Number(new URL(app.url).port);
    await openIdle(port);
    await openIdle(port);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const response = await fetch(`${app.url}/actors`, { headers: { connection: 'close' } });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ success: false, code: 'UNAVAILABLE', error: expect.stringContaining('at most 2') });
    expect(await upgradeStatus(app.wsUrl)).toBe(503);
    expect((await fetch(`${app.url}/health`, { headers: { connection: 'close' } })).status).toBe(200);
  });

  it('accepts connections again once the held ones close', async () => {
    for (const socket of held.splice(0)) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const response = await fetch(`${app.url}/health`, { headers: { connection: 'close' } });
    expect(response.status).toBe(200);
  });
});

describe('bearer tokens', () => {
  const token = 'test-token-0123456789abcdef';
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ config: { auth_tokens: [token] } });
  });
  afterAll(() => app.close());

  it('requires a token on every endpoint but /health', async () => {
    expect((await fetch(`${app.url}/health`)).status).toBe(200);
    const anonymous = await fetch(`${app.url}/workflows`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer');
    expect(await anonymous.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    const wrong = await fetch(`${app.url}/workflows`, { headers: { authorization: 'Bearer wrong-token-0123456789abcd' } });
    expect(wrong.status).toBe(401);
    const { response } = await app.client.listWorkflows();
    expect(response.status).toBe(200);
  });

  it('requires a token on the WebSocket, in the header or the access_token parameter', async () => {
    const status = upgradeStatus;
    expect(await status(app.wsUrl)).toBe(401);
    expect(await status(app.wsUrl, { authorization: `Bearer ${token}` })).toBe(101);
    expect(await status(`${app.wsUrl}?access_token=${token}`)).toBe(101);
  });
});
