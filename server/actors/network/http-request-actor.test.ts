import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import { type JsonObject, createCatalogue, createNetwork, parseGraph, validateGraph } from '../../engine';
import { HttpRequestConfigSchema, createHttpRequestActor } from './http-request-actor';
import { NODE_ID, type PortPacket, type TestServer, listenOnLoopback, runNode, singleNodeGraph } from '../../../test/support/kits';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

const seen: Seen[] = [];
const aborted: string[] = [];
let server: TestServer;
let base: string;
let flakyCalls = 0;

function route(req: IncomingMessage, res: ServerResponse, body: string): void {
  const url = new URL(req.url ?? '/', base);
  const json = (status: number, value: unknown): void => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(value));
  };
  if (url.pathname === '/echo') json(200, { method: req.method, query: Object.fromEntries(url.searchParams), body });
  else if (url.pathname === '/text') {
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'x-trace': 'abc' });
    res.end('plain words');
  } else if (url.pathname === '/redirect') {
    res.writeHead(302, { location: '/echo?from=redirect' });
    res.end('moved');
  } else if (url.pathname.startsWith('/status/')) {
    res.writeHead(Number(url.pathname.slice(8)), { 'content-type': 'text/plain' });
    res.end('nope');
  } else if (url.pathname === '/flaky') {
    if (flakyCalls++ < 2) json(503, { error: 'busy' });
    else json(200, { ok: true });
  } else if (url.pathname === '/slow') {
    const timer = setTimeout(() => res.end('late'), 10_000);
    res.on('close', () => {
      clearTimeout(timer);
      if (!res.writableFinished) aborted.push(url.pathname);
    });
  } else if (url.pathname === '/big') {
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    const mebibyte = Buffer.alloc(1024 * 1024, 1);
    for (let i = 0; i < 11; i++) res.write(mebibyte);
    res.end();
  } else json(404, { error: 'no route' });
}

beforeAll(async () => {
  server = await listenOnLoopback(
    createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        route(req, res, body);
      });
    }),
  );
  base = server.url;
});
afterAll(() => server.close());
beforeEach(() => {
  seen.length = 0;
  flakyCalls = 0;
});

const httpRequest = createHttpRequestActor({ policy: { baseMs: 20, maxMs: 100 } });
const catalogue = createCatalogue([httpRequest]);
const run = { executionId: 'exec-1', workflowId: 'wf-1' };

function runHttp(propertyValues: JsonObject, options: { packets?: readonly PortPacket[]; outports?: readonly string[] } = {}) {
  return runNode(httpRequest, { propertyValues, packets: options.packets, collect: options.outports ?? ['response-out'] });
}

async function response(propertyValues: JsonObject, packets: readonly PortPacket[] = []): Promise<JsonObject> {
  const { result } = await runHttp(propertyValues, { packets });
  expect(result.errors).toEqual([]);
  return result.outputs['response-out'] as JsonObject;
}

describe('the tpl_http_request actor', () => {
  it('sends each method to the url and emits {status, statusText, headers, body, url}', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      const out = await response({ url: `${base}/echo`, method });
      expect(out).toEqual({
        status: 200,
        statusText: 'OK',
        headers: expect.objectContaining({ 'content-type': 'application/json' }),
        body: { method, query: {}, body: '' },
        url: `${base}/echo`,
      });
    }
    expect(seen.map((request) => request.method)).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
  });

  it('sends an object on data-in as query parameters of a GET or DELETE, merged with the url query', async () => {
    for (const method of ['GET', 'DELETE']) {
      const out = await response({ url: `${base}/echo?status=open&page=1`, method }, [['data-in', { page: 2, tag: 'x' }]]);
      expect(out.body).toEqual({ method, query: { status: 'open', page: '2', tag: 'x' }, body: '' });
    }
  });

  it('sends data-in as a JSON body for POST, PUT and PATCH', async () => {
    for (const method of ['POST', 'PUT', 'PATCH']) {
      await response({ url: `${base}/echo`, method }, [['data-in', { id: 7, items: [1, 2] }]]);
      expect(seen.at(-1)).toMatchObject({ method, body: '{"id":7,"items":[1,2]}', headers: { 'content-type': 'application/json' } });
    }
  });

  it('sends a string on data-in as it is, as text/plain unless headers-in sets a Content-Type', async () => {
    await response({ url: `${base}/echo`, method: 'POST' }, [['data-in', 'a=1&b=2']]);
    expect(seen.at(-1)).toMatchObject({ body: 'a=1&b=2', headers: { 'content-type': 'text/plain; charset=utf-8' } });
    await response({ url: `${base}/echo`, method: 'POST' }, [
      ['headers-in', { 'Content-Type': 'application/x-www-form-urlencoded' }],
      ['data-in', 'a=1&b=2'],
    ]);
    expect(seen.at(-1)).toMatchObject({ body: 'a=1&b=2', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  });

  it('waits for headers-in when it is fed and keeps its headers for every later packet', async () => {
    const out = await response({ url: `${base}/echo` }, [
      ['data-in', { n: 1 }],
      ['headers-in', { Authorization: 'Bearer t0k3n', 'X-Count': 2 }],
      ['data-in', { n: 2 }],
    ]);
    expect(seen.map((request) => [request.url, request.headers.authorization, request.headers['x-count']])).toEqual([
      ['/echo?n=1', 'Bearer t0k3n', '2'],
      ['/echo?n=2', 'Bearer t0k3n', '2'],
    ]);
    expect(out.body).toMatchObject({ query: { n: '2' } });
  });

  it('sends nothing for a headers-in packet alone while data-in is fed', async () => {
    const out = await response({ url: `${base}/echo` }, [
      ['headers-in', { A: '1' }],
      ['headers-in', { A: '2' }],
      ['data-in', { n: 1 }],
    ]);
    expect(seen.map((request) => request.headers.a)).toEqual(['2']);
    expect(out.body).toMatchObject({ query: { n: '1' } });
  });

  it('sends one request per headers-in packet when data-in is not fed', async () => {
    await response({ url: `${base}/echo` }, [
      ['headers-in', { A: '1' }],
      ['headers-in', { A: '2' }],
    ]);
    expect(seen.map((request) => request.headers.a)).toEqual(['1', '2']);
  });

  it('fires once per data-in packet, and once at start when nothing feeds data-in', async () => {
    await response({ url: `${base}/echo` }, [
      ['data-in', { n: 1 }],
      ['data-in', { n: 2 }],
      ['data-in', { n: 3 }],
    ]);
    expect(seen).toHaveLength(3);
    seen.length = 0;
    await response({ url: `${base}/echo` });
    expect(seen).toHaveLength(1);
  });

  it('emits a text body as text with the response headers', async () => {
    const out = await response({ url: `${base}/text` });
    expect(out).toMatchObject({ status: 200, body: 'plain words', headers: { 'x-trace': 'abc', 'content-type': 'text/plain; charset=utf-8' } });
  });

  it('follows redirects by default and reports the final url', async () => {
    const out = await response({ url: `${base}/redirect` });
    expect(out).toMatchObject({ status: 200, url: `${base}/echo?from=redirect`, body: { query: { from: 'redirect' } } });
  });

  it('emits the 3xx response as it is when followRedirects is false', async () => {
    const out = await response({ url: `${base}/redirect`, followRedirects: false });
    expect(out).toMatchObject({ status: 302, statusText: 'Found', headers: { location: '/echo?from=redirect' }, body: 'moved' });
    expect(seen).toHaveLength(1);
  });

  it('retries a server that fails twice with 503 and emits its third answer', async () => {
    const out = await response({ url: `${base}/flaky` });
    expect(out).toMatchObject({ status: 200, body: { ok: true } });
    expect(seen).toHaveLength(3);
  });

  it('fails a 4xx at once, naming the status and the url, and routes it with the response to error-out when connected', async () => {
    const { result, events } = await runHttp({ url: `${base}/status/404?token=hidden` }, { outports: ['response-out', 'error-out'] });
    const message = `GET ${base}/status/404 answered HTTP 404 Not Found: nope`;
    expect(result).toMatchObject({ success: true, nodes_failed: 1, errors: [] });
    expect(result.outputs).toEqual({
      'error-out': {
        message,
        node_id: NODE_ID,
        component: 'tpl_http_request',
        status: 404,
        statusText: 'Not Found',
        headers: expect.any(Object),
        body: 'nope',
        url: `${base}/status/404?token=hidden`,
      },
    });
    expect(events).toContainEqual(expect.objectContaining({ _type: 'ActorFailed', actorId: NODE_ID, error: message }));
    expect(seen).toHaveLength(1);
  });

  it('fails the run on a 5xx left after the retries when error-out is not connected', async () => {
    const { result } = await runHttp({ url: `${base}/status/502`, retryCount: 1 });
    expect(result).toMatchObject({ success: false, errors: [{ node_id: NODE_ID, message: `GET ${base}/status/502 answered HTTP 502 Bad Gateway: nope` }] });
    expect(seen).toHaveLength(2);
  });

  it('fails a request that outlives its timeout', async () => {
    const started = Date.now();
    const { result } = await runHttp({ url: `${base}/slow`, timeout: '300', retryCount: 0 });
    expect(result.errors).toEqual([{ node_id: NODE_ID, message: `GET ${base}/slow failed after 1 attempt: timed out after 300 ms` }]);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('routes a refused connection to error-out after its retries', async () => {
    const closed = await listenOnLoopback(createServer());
    await closed.close();
    const { result } = await runHttp({ url: `${closed.url}/x`, retryCount: 1 }, { outports: ['error-out'] });
    expect((result.outputs['error-out'] as JsonObject).message).toMatch(new RegExp(`^GET ${closed.url}/x failed after 2 attempts: connect ECONNREFUSED`));
  });

  it('refuses a response body over 10 MiB', async () => {
    const { result } = await runHttp({ url: `${base}/big` });
    expect(result.errors).toEqual([
      { node_id: NODE_ID, message: `GET ${base}/big failed after 1 attempt: the response body exceeds the limit of 10485760 bytes` },
    ]);
  });

  it('refuses headers-in that is not an object', async () => {
    const { result } = await runHttp({ url: `${base}/echo` }, { packets: [['headers-in', 'Authorization: x']] });
    expect(result.errors).toEqual([{ node_id: NODE_ID, message: 'headers-in must be an object of header names to values' }]);
    expect(seen).toHaveLength(0);
  });

  it('aborts the request at once when the run is cancelled, and the server sees the socket close', async () => {
    aborted.length = 0;
    const parsed = parseGraph(singleNodeGraph('tpl_http_request', { propertyValues: { url: `${base}/slow` } }));
    const valid = parsed.ok ? validateGraph(parsed.graph, catalogue) : parsed;
    if (!valid.ok) throw new Error('invalid graph');
    const network = createNetwork(valid.graph, catalogue, run);
    const running = network.run();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const cancelledAt = Date.now();
    network.cancel();
    await running;
    expect(network.state).toBe('cancelled');
    expect(Date.now() - cancelledAt).toBeLessThan(2000);
    for (let i = 0; i < 100 && aborted.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(aborted).toEqual(['/slow']);
  });
});

describe('the tpl_http_request configuration', () => {
  function issues(propertyValues: JsonObject): string[] {
    const parsed = parseGraph(singleNodeGraph('tpl_http_request', { propertyValues }));
    if (!parsed.ok) throw new Error('unparsable graph');
    const outcome = validateGraph(parsed.graph, catalogue);
    return outcome.ok ? [] : outcome.issues.map((issue) => issue.message);
  }

  it('requires url, blank included', () => {
    expect(issues({})).toEqual(["Node 'node': config 'url' is required"]);
    expect(issues({ url: '  ' })).toEqual(["Node 'node': config 'url' is required"]);
  });

  it('accepts only http and https URLs and the template methods', () => {
    expect(issues({ url: 'ftp://files.example/x' })).toEqual(["Node 'node': config 'url': 'ftp:' URLs are not supported; use http: or https:"]);
    expect(issues({ url: 'orders' })).toEqual(["Node 'node': config 'url': 'orders' is not an absolute URL"]);
    expect(issues({ url: 'http://h/', method: 'TRACE' })[0]).toMatch(/^Node 'node': config 'method': Invalid enum value/);
    expect(issues({ url: 'http://h/', retryCount: 11 })[0]).toMatch(/^Node 'node': config 'retryCount'/);
  });

  it('applies the template defaults and accepts numbers and booleans written as strings', () => {
    expect(HttpRequestConfigSchema.parse({ url: 'http://h/x', method: '' })).toEqual({
      url: 'http://h/x',
      method: 'GET',
      timeout: 30000,
      retryCount: 3,
      followRedirects: true,
    });
    expect(HttpRequestConfigSchema.parse({ url: ' http://h/x ', method: 'post', timeout: '5000', retryCount: '0', followRedirects: 'false' })).toEqual({
      url: 'http://h/x',
      method: 'POST',
      timeout: 5000,
      retryCount: 0,
      followRedirects: false,
    });
  });

  it('leaves a url holding a secret reference to be checked when the node fires', () => {
    expect(issues({ url: '${secret:ORDERS_URL}/orders' })).toEqual([]);
  });
});
