import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import { type FetchOptions, type HttpCall, HttpTransportError, fetchWithRetry } from './fetch-with-retry';
import { type RetryPolicy, retryPolicy } from './retry-policy';
import { type TestServer, listenOnLoopback } from '../../test/support/kits';

type Handler = (req: IncomingMessage, res: ServerResponse, index: number) => void;

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** Starts a server that answers with `handler` and counts its requests. */
async function serve(handler: Handler): Promise<TestServer & { requests: () => number }> {
  let count = 0;
  const server = await listenOnLoopback(createServer((req, res) => handler(req, res, count++)));
  servers.push(server);
  return Object.assign(server, { requests: () => count });
}

const fast = retryPolicy({ attempts: 4, baseMs: 20, maxMs: 100 });
const get = (url: string): HttpCall => ({ url: new URL(url), method: 'GET', headers: new Headers() });
const options = (extra: Partial<FetchOptions> = {}, policy: Partial<RetryPolicy> = {}): FetchOptions => ({
  timeoutMs: 5000,
  followRedirects: true,
  signal: new AbortController().signal,
  policy: { ...fast, ...policy },
  ...extra,
});

describe('fetching with retries', () => {
  it('retries a server that fails twice with 503 and returns its third answer', async () => {
    const server = await serve((_req, res, index) => {
      res.statusCode = index < 2 ? 503 : 200;
      res.end(index < 2 ? 'busy' : 'done');
    });
    const response = await fetchWithRetry(get(`${server.url}/flaky`), options());
    expect(response.status).toBe(200);
    expect(new TextDecoder().decode(response.body)).toBe('done');
    expect(response.attempts).toBe(3);
    expect(server.requests()).toBe(3);
  });

  it('never retries a 4xx other than 408 and 429', async () => {
    const server = await serve((_req, res) => {
      res.statusCode = 404;
      res.end('missing');
    });
    const response = await fetchWithRetry(get(`${server.url}/none`), options());
    expect(response.status).toBe(404);
    expect(server.requests()).toBe(1);
  });

  it('returns the last 5xx once the retries are spent', async () => {
    const server = await serve((_req, res) => {
      res.statusCode = 500;
      res.end();
    });
    const response = await fetchWithRetry(get(server.url), options({}, { attempts: 3 }));
    expect(response.status).toBe(500);
    expect(server.requests()).toBe(3);
  });

  it('retries a 408 like a server error', async () => {
    const server = await serve((_req, res, index) => {
      res.statusCode = index === 0 ? 408 : 200;
      res.end();
    });
    expect((await fetchWithRetry(get(server.url), options())).status).toBe(200);
    expect(server.requests()).toBe(2);
  });

  it('retries only what the policy names, and sends once with a single attempt', async () => {
    const server = await serve((_req, res) => {
      res.statusCode = 503;
      res.end();
    });
    expect((await fetchWithRetry(get(server.url), options({}, { retryOn: (status) => status === 418 }))).status).toBe(503);
    expect((await fetchWithRetry(get(server.url), options({}, { attempts: 1 }))).status).toBe(503);
    expect(server.requests()).toBe(2);
  });

  it('backs off its own way when the policy does not honour Retry-After', async () => {
    const server = await serve((_req, res, index) => {
      if (index === 0) res.writeHead(429, { 'retry-after': '30' });
      res.end('ok');
    });
    const started = Date.now();
    expect((await fetchWithRetry(get(server.url), options({}, { honorRetryAfter: false }))).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('discards the body unread when asked, so a large answer is no failure', async () => {
    const server = await serve((_req, res) => res.end('x'.repeat(5000)));
    const response = await fetchWithRetry(get(server.url), options({ readBody: false, maxBodyBytes: 10 }));
    expect(response.status).toBe(200);
    expect(response.body.byteLength).toBe(0);
  });

  it('waits as long as the Retry-After of a 429 asks', async () => {
    const server = await serve((_req, res, index) => {
      if (index === 0) res.writeHead(429, { 'retry-after': '1' });
      res.end('ok');
    });
    const started = Date.now();
    const response = await fetchWithRetry(get(server.url), options());
    expect(response.status).toBe(200);
    expect(server.requests()).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('backs off and retries a refused connection, then fails naming the url and the attempts', async () => {
    const closed = await listenOnLoopback(createServer());
    await closed.close();
    const started = Date.now();
    const failure = fetchWithRetry(get(`${closed.url}/gone?key=secret`), options({}, { attempts: 3, baseMs: 200, maxMs: 1000 }));
    await expect(failure).rejects.toThrow(HttpTransportError);
    await expect(failure).rejects.toThrow(new RegExp(`^GET ${closed.url}/gone failed after 3 attempts: connect ECONNREFUSED`));
    // Two backoffs of at least 100 ms and 200 ms (half of each step is fixed).
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('gives each attempt its own timeout and retries a timed-out attempt', async () => {
    const timers: NodeJS.Timeout[] = [];
    const server = await serve((_req, res) => {
      timers.push(setTimeout(() => res.end('late'), 5000));
    });
    const started = Date.now();
    await expect(fetchWithRetry(get(server.url), options({ timeoutMs: 150 }, { attempts: 2 }))).rejects.toThrow(
      'failed after 2 attempts: timed out after 150 ms',
    );
    expect(server.requests()).toBe(2);
    expect(Date.now() - started).toBeLessThan(4000);
    timers.forEach(clearTimeout);
  });

  it('sends once a call that must not be done twice when its attempt times out', async () => {
    const timers: NodeJS.Timeout[] = [];
    const server = await serve((_req, res) => {
      timers.push(setTimeout(() => res.end('late'), 5000));
    });
    await expect(fetchWithRetry(get(server.url), options({ timeoutMs: 150, retryTimeouts: false }, { attempts: 3 }))).rejects.toThrow(
      'failed after 1 attempt: timed out after 150 ms',
    );
    expect(server.requests()).toBe(1);
    timers.forEach(clearTimeout);
  });

  it('refuses a body over the bound without retrying it', async () => {
    const server = await serve((_req, res) => {
      res.setHeader('content-type', 'text/plain');
      res.end('x'.repeat(5000));
    });
    await expect(fetchWithRetry(get(server.url), options({ maxBodyBytes: 1000 }))).rejects.toThrow(
      'failed after 1 attempt: the response body exceeds the limit of 1000 bytes',
    );
    expect(server.requests()).toBe(1);
  });

  it('rejects with the abort reason at once when the signal is aborted during a backoff', async () => {
    const server = await serve((_req, res) => {
      res.statusCode = 503;
      res.end();
    });
    const controller = new AbortController();
    const failure = fetchWithRetry(get(server.url), options({ signal: controller.signal }, { baseMs: 10_000, maxMs: 10_000 }));
    setTimeout(() => controller.abort(new Error('cancelled')), 200);
    const started = Date.now();
    await expect(failure).rejects.toThrow('cancelled');
    expect(Date.now() - started).toBeLessThan(3000);
    expect(server.requests()).toBe(1);
  });
});
