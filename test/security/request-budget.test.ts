import { ServerConfigSchema } from '../../server/config';
import { MAX_FAILED_TOKENS_PER_MINUTE } from '../../server/guards';
import { multiplyGraph } from '../support/graphs';
import { type TestApp, startTestApp } from '../support/test-app';
import { upgradeStatus } from '../support/upgrade-status';

const TOKEN = 'budget-token-0123456789abcdef';
const LIMIT = 5;

// Addresses of the documentation ranges (RFC 5737): only ever written into a header, never connected to.
const CLIENT_A = '203.0.113.10';
const CLIENT_B = '203.0.113.20';

function get(app: TestApp, path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${app.url}${path}`, { headers: { authorization: `Bearer ${TOKEN}`, ...headers } });
}

async function statusOf(app: TestApp, path: string, headers: Record<string, string> = {}): Promise<number> {
  const response = await get(app, path, headers);
  await response.arrayBuffer();
  return response.status;
}

// What the page and the documents load, as a browser asks for them.
const UNMETERED = [
  '/ui',
  '/ui/',
  '/ui/app.js',
  '/ui/ui.css',
  '/ui/favicon.svg',
  '/ui/vendor/dagre.esm.js',
  '/docs/',
  '/docs/swagger-ui.css',
  '/docs/swagger-ui-bundle.js',
  '/docs/swagger-ui-init.js',
  '/openapi.json',
  '/asyncapi.json',
  '/ready',
  '/metrics',
  '/health',
];

describe('the request budget of one client', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ config: { rate_limit_requests_per_minute: LIMIT, auth_tokens: [TOKEN] } });
  });
  afterAll(() => app.close());

  it('answers 429 to the API past the limit while the page, its files, the documents, /ready and /metrics still answer 200', async () => {
    const api: number[] = [];
    for (let i = 0; i < 110; i++) api.push(await statusOf(app, '/workflows'));
    expect(api.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(200));
    expect(api.slice(LIMIT)).toEqual(Array(110 - LIMIT).fill(429));
    const limited = await get(app, '/workflows');
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    for (let round = 0; round < 2; round++) {
      for (const path of UNMETERED) expect([path, await statusOf(app, path)]).toEqual([path, 200]);
    }
    // Outside the budget is not outside the token check.
    const anonymous = await fetch(`${app.url}/metrics`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    // The unmetered requests spent nothing, and the API is still refused.
    expect(await statusOf(app, '/workflows')).toBe(429);
  });
});

describe('clients behind a trusted proxy (trust_proxy: loopback)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ config: { rate_limit_requests_per_minute: LIMIT, auth_tokens: [TOKEN], trust_proxy: 'loopback' } });
  });
  afterAll(() => app.close());

  it('gives each client named in X-Forwarded-For a budget of its own', async () => {
    const a: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) a.push(await statusOf(app, '/workflows', { 'x-forwarded-for': CLIENT_A }));
    expect(a).toEqual([...Array(LIMIT).fill(200), 429, 429]);
    expect(await statusOf(app, '/workflows', { 'x-forwarded-for': CLIENT_B })).toBe(200);
    // The last address is the one the trusted proxy saw: a client cannot pick a fresh budget by prepending its own.
    expect(await statusOf(app, '/workflows', { 'x-forwarded-for': `198.51.100.7, ${CLIENT_A}` })).toBe(429);
  });

  it('locks out only the client that sent the wrong tokens, on HTTP and on the WebSocket upgrade', async () => {
    const c = '203.0.113.30';
    const d = '203.0.113.40';
    for (let i = 0; i < MAX_FAILED_TOKENS_PER_MINUTE; i++) {
      // On /metrics, outside the budget of five, so that only the lock-out can refuse these.
      const wrong = await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer wrong-token-${i}-0123456789`, 'x-forwarded-for': c } });
      expect(wrong.status).toBe(401);
    }
    const locked = await get(app, '/metrics', { 'x-forwarded-for': c });
    expect(locked.status).toBe(429);
    expect(await locked.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await upgradeStatus(app.wsUrl, { authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': c })).toBe(429);
    expect(await statusOf(app, '/metrics', { 'x-forwarded-for': d })).toBe(200);
    expect(await upgradeStatus(app.wsUrl, { authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': d })).toBe(101);
  });
});

describe('the status read before Express behind a trusted proxy', () => {
  let app: TestApp;
  beforeAll(async () => {
    // With the budget off, GET /workflows/{id} is answered before Express: its token check must key as Express does.
    app = await startTestApp({ config: { auth_tokens: [TOKEN], trust_proxy: '127.0.0.1' } });
  });
  afterAll(() => app.close());

  it('refuses the locked-out client named in X-Forwarded-For and answers another', async () => {
    const id = 'budget-status-read';
    const started = await fetch(`${app.url}/workflows`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ graph_json: multiplyGraph(), input: { x: 2, y: 3 }, metadata: { execution_id: id } }),
    });
    expect([200, 202]).toContain(started.status);
    for (let i = 0; i < MAX_FAILED_TOKENS_PER_MINUTE; i++) {
      expect(await statusOf(app, `/workflows/${id}`, { authorization: `Bearer wrong-token-${i}-0123456789`, 'x-forwarded-for': CLIENT_A })).toBe(401);
    }
    expect(await statusOf(app, `/workflows/${id}`, { 'x-forwarded-for': CLIENT_A })).toBe(429);
    expect(await statusOf(app, `/workflows/${id}`, { 'x-forwarded-for': CLIENT_B })).toBe(200);
    expect(await statusOf(app, `/workflows/${id}`)).toBe(200);
  });
});

describe('X-Forwarded-For without trust_proxy', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ config: { rate_limit_requests_per_minute: LIMIT, auth_tokens: [TOKEN] } });
  });
  afterAll(() => app.close());

  it('is ignored: a client that names a new address each time still spends one budget and one lock-out', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 3; i++) statuses.push(await statusOf(app, '/workflows', { 'x-forwarded-for': `198.51.100.${i + 1}` }));
    expect(statuses).toEqual([...Array(LIMIT).fill(200), 429, 429, 429]);

    // The lock-out is counted before the budget is spent, on a path the budget leaves out: /metrics.
    for (let i = 0; i < MAX_FAILED_TOKENS_PER_MINUTE; i++) {
      expect(await statusOf(app, '/metrics', { authorization: `Bearer wrong-token-${i}-0123456789`, 'x-forwarded-for': `198.51.100.${i + 50}` })).toBe(401);
    }
    expect(await statusOf(app, '/metrics', { 'x-forwarded-for': '198.51.100.200' })).toBe(429);
  });
});

describe('the trust_proxy key', () => {
  it("takes Express's values: false by default, a flag, a number of hops, or addresses, CIDRs and names", () => {
    const parsed = (value?: unknown) => ServerConfigSchema.parse(value === undefined ? {} : { trust_proxy: value }).trust_proxy;
    expect(parsed()).toBe(false);
    expect(parsed('true')).toBe(true);
    expect(parsed('false')).toBe(false);
    expect(parsed('2')).toBe(2);
    expect(parsed('loopback, 10.0.0.0/8,172.18.0.5')).toEqual(['loopback', '10.0.0.0/8', '172.18.0.5']);
    expect(parsed(['uniquelocal'])).toEqual(['uniquelocal']);
  });

  it('refuses what is no address, CIDR or name, naming the key and the entry', () => {
    for (const value of ['proxy.example', '10.0.0.0/99', '']) {
      const result = ServerConfigSchema.safeParse({ trust_proxy: value });
      expect(result.success).toBe(false);
      expect(result.error!.issues[0].path).toEqual(['trust_proxy']);
    }
    expect(
      ServerConfigSchema.safeParse({ trust_proxy: 'proxy.example' })
        .error!.issues.map((issue) => issue.message)
        .join(' '),
    ).toContain("'proxy.example'");
  });
});
