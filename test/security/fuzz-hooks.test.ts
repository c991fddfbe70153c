import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { type GraphJson } from '../../model';
import { type TestApp, startTestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

const REQUESTS = 2000;
const PARALLEL = 8;
const SEED = 20261126;
const MAX_BODY_BYTES = 256 * 1024;

/** One generated request to the hooks. */
interface Fuzzed {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer;
}

/** A deployment whose hooks answer at once, naming the path in a header, one hook per way of reading a body. */
function echoGraph(): GraphJson {
  const hooks: Record<string, Record<string, unknown>> = {
    json: { path: '/json', method: 'POST', dataFormat: 'JSON' },
    any: { path: '/any', method: 'ANY', dataFormat: 'Auto-detect' },
    form: { path: '/form', method: 'PUT', dataFormat: 'Form Data' },
    bin: { path: '/bin', method: 'PATCH', dataFormat: 'Binary' },
    text: { path: '/text', method: 'GET', dataFormat: 'Plain Text' },
    auth: { path: '/auth', method: 'POST', dataFormat: 'JSON', authentication: 'Bearer Token' },
  };
  const processes: GraphJson['processes'] = {};
  const connections: GraphJson['connections'] = [];
  for (const [name, config] of Object.entries(hooks)) {
    processes[`${name}-in`] = { component: 'tpl_server_request', metadata: { config } };
    processes[`${name}-out`] = {
      component: 'tpl_server_response',
      metadata: {
        config: {
          contentType: 'text/plain',
          responseFormat: 'ok',
          headers: [{ operations: [{ type: 'map', enabled: true, mapping: [{ sourceField: 'path', targetField: 'x-echo-path' }] }] }],
        },
      },
    };
    connections.push({ src: { process: `${name}-in`, port: 'request-out' }, tgt: { process: `${name}-out`, port: 'data-in' } });
  }
  return { processes, connections };
}

const SEGMENT = fc.oneof(
  fc.constantFrom('json', 'any', 'form', 'bin', 'text', 'auth', 'JSON', '%zz', '%E0%A4%A', '..', '.', '%2F', 'a%00b', '', 'x'.repeat(300)),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
);
const DEPLOYMENT = fc.oneof(
  fc.constant('fz'),
  fc.constant('fz'),
  fc.constantFrom('FZ', 'nobody', '%zz', 'fz%2Fjson', ''),
  fc.string({ maxLength: 10 }).map(encodeURIComponent),
);
const QUERY = fc.oneof(
  fc.constant(''),
  fc.constantFrom('?a=1&a=2&a=3', '?%zz=%zz', '?a[b]=c', '?=&&=', '?x'),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 12 }), { maxKeys: 3 }).map((q) => `?${new URLSearchParams(q).toString()}`),
);
const ANY_PATH = fc
  .tuple(DEPLOYMENT, fc.array(SEGMENT, { maxLength: 3 }), fc.boolean(), QUERY)
  .map(([deployment, segments, slash, query]) => `/hooks/${deployment}${segments.map((s) => `/${s}`).join('')}${slash ? '/' : ''}${query}`);
const ANY_METHOD = fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PURGE', 'PROPFIND', 'SEARCH', 'FOO');
/** The method and path of a hook of the deployment, most of the time, so that most requests start a run. */
const HOOK_TARGET = fc
  .tuple(
    fc.constantFrom(
      ['POST', '/json'],
      ['GET', '/any'],
      ['DELETE', '/any'],
      ['PUT', '/form'],
      ['PATCH', '/bin'],
      ['GET', '/text'],
      ['HEAD', '/text'],
      ['POST', '/auth'],
    ),
    fc.constantFrom('', '/', '//'),
    QUERY,
  )
  .map(([[method, path], slash, query]) => ({ method, path: `/hooks/fz${slash === '//' ? `/${path}` : path}${slash === '/' ? '/' : ''}${query}` }));
const TARGET = fc.oneof({ weight: 3, arbitrary: HOOK_TARGET }, { weight: 2, arbitrary: fc.record({ method: ANY_METHOD, path: ANY_PATH }) });
const CONTENT_TYPE = fc.oneof(
  fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'application/json; charset=nope',
    'application/vnd.api+json',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=xyz',
    'text/plain',
    'text/xml',
    'application/octet-stream',
    'image/png',
    'a/b;;;=',
    '',
  ),
  fc.string({ maxLength: 20 }).filter((s) => /^[\x20-\x7e]*$/.test(s)),
);

/** Bodies: JSON of any shape, malformed JSON, deep nesting, huge strings, forms, bytes, nothing. */
const BODY = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 6 }).map((value) => JSON.stringify(value)) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value).slice(0, -1)) },
  { weight: 2, arbitrary: fc.string({ maxLength: 60 }) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.integer({ min: 200, max: 20_000 }), fc.boolean())
      .map(([depth, arrays]) => (arrays ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth))),
  },
  // Huge strings, some beyond max_body_bytes.
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 64 * 1024, max: 320 * 1024 }), fc.boolean())
      .map(([length, json]) => (json ? JSON.stringify({ big: 'x'.repeat(length) }) : 'y'.repeat(length))),
  },
  {
    weight: 2,
    arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 16 }), { maxKeys: 5 }).map((form) => new URLSearchParams(form).toString()),
  },
  { weight: 1, arbitrary: fc.constantFrom('a=1&a=2&a=3', '%zz=%zz&b', '=&=&', 'a[]=1&a[b]=2') },
  { weight: 2, arbitrary: fc.uint8Array({ maxLength: 4096 }).map((bytes) => Buffer.from(bytes)) },
  { weight: 1, arbitrary: fc.constant('') },
);

const TOKEN_CHARS = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(s));
const HEADER_VALUE = fc.string({ maxLength: 40 }).filter((s) => /^[\x20-\x7e]*$/.test(s));
const HEADERS = fc.record(
  {
    authorization: fc.oneof(
      fc.constant('Bearer fuzz-hook-token-0123'),
      fc.constantFrom('Bearer', 'Bearer ', 'Basic !!!', 'Basic Og==', 'bearer fuzz-hook-token-0123 extra'),
      HEADER_VALUE,
    ),
    // Mostly identity: a body whose encoding the server cannot undo is refused before any hook sees it.
    'content-encoding': fc.oneof(
      { weight: 6, arbitrary: fc.constant('identity') },
      { weight: 1, arbitrary: fc.constantFrom('gzip', 'deflate', 'br', 'bogus') },
    ),
    'accept-encoding': fc.constantFrom('gzip', 'br', '*', ''),
    cookie: HEADER_VALUE,
    extra: fc.tuple(TOKEN_CHARS, HEADER_VALUE),
  },
  { requiredKeys: [] },
);

const FUZZED: fc.Arbitrary<Fuzzed> = fc
  .tuple(TARGET, fc.option(CONTENT_TYPE, { nil: undefined }), BODY, HEADERS)
  .map(([{ method, path }, type, body, generated]) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(generated)) {
      if (name === 'extra') {
        const [extraName, extraValue] = value as [string, string];
        if (!/^(host|content-length|transfer-encoding|connection|expect|upgrade|te|trailer|keep-alive)$/i.test(extraName)) headers[extraName] = extraValue;
      } else headers[name] = value as string;
    }
    if (type !== undefined) headers['content-type'] = type;
    return { method, path, headers, body: Buffer.isBuffer(body) ? body : Buffer.from(body) };
  });

/** Sends one request (on a kept-alive connection of `agent`) and reads the status (0 when the connection failed, -1 when no answer came in 15 s). */
function send(base: string, agent: Agent, fuzzed: Fuzzed): Promise<{ status: number; type: string | undefined; text: string }> {
  return new Promise((resolve) => {
    const req = request(
      `${base}${fuzzed.path}`,
      { method: fuzzed.method, headers: { ...fuzzed.headers, 'content-length': String(fuzzed.body.length) }, agent },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], text: Buffer.concat(parts).toString('utf8') }));
        res.on('error', () => resolve({ status: res.statusCode ?? 0, type: undefined, text: '' }));
      },
    );
    req.setTimeout(15_000, () => {
      resolve({ status: -1, type: undefined, text: '' });
      req.destroy();
    });
    req.on('error', () => resolve({ status: 0, type: undefined, text: '' }));
    req.end(fuzzed.body);
  });
}

describe('fuzzing the hooks', () => {
  let app: TestApp;
  let secretsDir: string;
  beforeAll(async () => {
    secretsDir = mkdtempSync(join(tmpdir(), 'engine-fuzz-hooks-'));
    writeFileSync(join(secretsDir, 'HOOK_TOKEN'), 'fuzz-hook-token-0123');
    // The hook timeout is far beyond what an answer at once takes, so that no 504 is expected.
    app = await startTestApp({ config: { secrets_dir: secretsDir, max_body_bytes: MAX_BODY_BYTES, hook_timeout_ms: 30_000, max_concurrent_hook_runs: 16 } });
    const created = await fetch(`${app.url}/deployments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'fz', graph_json: echoGraph() }),
    });
    expect(created.status).toBe(201);
  });
  afterAll(async () => {
    await app.close();
    rmSync(secretsDir, { recursive: true, force: true });
  });

  it(`answers ${REQUESTS} generated hook requests without a status of 500 or more, and stays healthy`, async () => {
    const cases = fc.sample(FUZZED, { seed: SEED, numRuns: REQUESTS });
    const failures: { fuzzed: Omit<Fuzzed, 'body'>; body: string; status: number; text: string }[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const agent = new Agent({ keepAlive: true, maxSockets: PARALLEL });
    const worker = async (): Promise<void> => {
      while (next < cases.length) {
        const fuzzed = cases[next++];
        const { status, type, text } = await send(app.url, agent, fuzzed);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        const envelopeBroken =
          status >= 400 &&
          fuzzed.method !== 'HEAD' &&
          /^application\/json/.test(type ?? '') &&
          typeof (JSON.parse(text) as { code?: unknown }).code !== 'string';
        if (status >= 500 || status <= 0 || envelopeBroken)
          failures.push({
            fuzzed: { method: fuzzed.method, path: fuzzed.path, headers: fuzzed.headers },
            body: fuzzed.body.subarray(0, 80).toString('latin1'),
            status,
            text: text.slice(0, 200),
          });
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    agent.destroy();

    expect(failures.slice(0, 5)).toEqual([]);
    expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(REQUESTS);
    // The generated requests reach the hooks' runs, their refusals and the parser's alike.
    for (const status of [200, 400, 404, 405]) expect(statuses.get(status) ?? 0).toBeGreaterThan(0);

    expect((await fetch(`${app.url}/health`)).status).toBe(200);
    const fine = await fetch(`${app.url}/hooks/fz/json`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"still":"here"}' });
    expect(fine.status).toBe(200);
    expect(fine.headers.get('x-echo-path')).toBe('/json');
    expect(await fine.text()).toBe('ok');
    await waitFor(() => app.executions.load().running + app.executions.load().queued === 0, { timeoutMs: 20_000, what: 'every hook run ended' });
  }, 120_000);
});
