import { Writable } from 'node:stream';
import pino from 'pino';
import { createApp } from '../server/app';
import { ServerConfigSchema, type ServerConfigInput } from '../server/config';
import { MemoryDeploymentStore, MemoryExecutionStore, MemoryProtocolGraphStore } from '../server/storage';
import { MAX_FAILED_TOKENS_PER_MINUTE } from '../server/guards';
import { silentLogger } from '../server/logger';
import { createServices } from '../server/services';
import { multiplyGraph } from './support/graphs';
import { type Sample, parsePrometheusText, sampleValue } from './support/prometheus-text';
import { waitFor } from './support/wait-for';

const TOKEN = 'hot-reads-token-0123456789';

/** The whole service with a request log kept in memory at `log_level`. */
async function startService(config: ServerConfigInput) {
  const parsed = ServerConfigSchema.parse({ port: 0, bind_address: '127.0.0.1', rate_limit_requests_per_minute: 0, log_level: 'silent', ...config });
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const services = createServices(parsed, silentLogger, {
    store: new MemoryExecutionStore(),
    deploymentStore: new MemoryDeploymentStore(),
    protocolGraphStore: new MemoryProtocolGraphStore(),
  });
  const app = createApp({ config: parsed, services, logger: silentLogger, accessLog: pino({ level: parsed.log_level }, sink) });
  const url = await app.listen();
  const headers: Record<string, string> = parsed.auth_tokens.length > 0 ? { authorization: `Bearer ${TOKEN}` } : {};
  const start = async (id: string): Promise<void> => {
    const response = await fetch(`${url}/workflows`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ graph_json: multiplyGraph(), input: { x: 2, y: 3 }, metadata: { execution_id: id } }),
    });
    expect([200, 202]).toContain(response.status);
    await waitFor(
      async () => ((await (await fetch(`${url}/workflows/${id}`, { headers })).json()) as { data: { status: string } }).data.status === 'completed',
      { what: 'the run to complete' },
    );
  };
  return {
    url,
    lines,
    headers,
    start,
    close: async () => {
      await services.shutdown(0);
      await app.close();
      await services.close();
    },
  };
}

/** Every header but those that differ between any two answers. */
function lastingHeaders(response: Response): Record<string, string> {
  const kept: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!['date', 'x-request-id', 'content-length'].includes(name)) kept[name] = value;
  });
  return kept;
}

async function read(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  return {
    status: response.status,
    headers: lastingHeaders(response),
    id: response.headers.get('x-request-id'),
    body: (await response.json()) as { success: boolean; data?: unknown; code?: string; timestamp: number },
  };
}

async function scrape(url: string, headers: Record<string, string>): Promise<Sample[]> {
  return parsePrometheusText(await (await fetch(`${url}/metrics`, { headers })).text());
}

describe('the reads answered before Express', () => {
  for (const cors of [false, true]) {
    it(`answer /health and a status read exactly as the Express routes do${cors ? ', CORS on' : ''}`, async () => {
      const service = await startService({ cors_enabled: cors });
      try {
        await service.start('hot-1');
        // A query string sends the same read through Express, the route that answers whenever the early one passes.
        const pairs = [
          [`${service.url}/health`, `${service.url}/health?via=express`],
          [`${service.url}/workflows/hot-1`, `${service.url}/workflows/hot-1?via=express`],
        ];
        for (const [early, routed] of pairs) {
          const [a, b] = [await read(early), await read(routed)];
          expect(a.status).toBe(200);
          expect(a.headers).toEqual(b.headers);
          expect(a.headers['content-type']).toBe('application/json; charset=utf-8');
          expect(a.headers['x-content-type-options']).toBe('nosniff');
          expect(a.headers['content-security-policy']).toContain("default-src 'self'");
          if (cors) expect(a.headers['access-control-allow-origin']).toBe('*');
          expect({ ...a.body, timestamp: 0 }).toEqual({ ...b.body, timestamp: 0 });
          expect(a.id).toMatch(/^[0-9a-f-]{36}$/);
        }
        const given = await read(`${service.url}/workflows/hot-1`, { 'x-request-id': 'client-id-1' });
        expect(given.id).toBe('client-id-1');
        expect(given.body.data).toMatchObject({ id: 'hot-1', status: 'completed' });
      } finally {
        await service.close();
      }
    });
  }

  it('leave every other form of those paths, and unknown executions, to the routes that answer them', async () => {
    const service = await startService({});
    try {
      const unknown = await read(`${service.url}/workflows/no-such-run`);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
      const bad = await read(`${service.url}/workflows/bad%20id`);
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect((await fetch(`${service.url}/health`, { method: 'HEAD' })).status).toBe(200);
      expect((await read(`${service.url}/health/`)).status).toBe(200);
      expect((await fetch(`${service.url}/health`, { method: 'POST' })).status).toBe(404);
    } finally {
      await service.close();
    }
  });

  it('count their answers in the request metrics by route pattern', async () => {
    const service = await startService({});
    try {
      await service.start('hot-metrics');
      const before = await scrape(service.url, {});
      for (let i = 0; i < 3; i++) await read(`${service.url}/health`);
      for (let i = 0; i < 2; i++) await read(`${service.url}/workflows/hot-metrics`);
      await read(`${service.url}/workflows/not-there`);
      const after = await scrape(service.url, {});
      const delta = (labels: Record<string, string>) => sampleValue(after, 'http_requests_total', labels) - sampleValue(before, 'http_requests_total', labels);
      expect(delta({ method: 'GET', route: '/health', status: '200' })).toBe(3);
      expect(delta({ method: 'GET', route: '/workflows/:execution_id', status: '200' })).toBe(2);
      expect(delta({ method: 'GET', route: '/workflows/:execution_id', status: '404' })).toBe(1);
    } finally {
      await service.close();
    }
  });

  it('check the token, and count a wrong one once, as every other route does', async () => {
    const service = await startService({ auth_tokens: [TOKEN] });
    try {
      await service.start('hot-auth');
      const refused = await fetch(`${service.url}/workflows/hot-auth`);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe('Bearer');
      expect(((await refused.json()) as { code: string }).code).toBe('UNAUTHORIZED');
      // One wrong token was just counted; all but one of the rest of the minute's allowance keep the client in.
      for (let i = 0; i < MAX_FAILED_TOKENS_PER_MINUTE - 2; i++)
        expect((await fetch(`${service.url}/workflows/hot-auth`, { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(401);
      expect((await read(`${service.url}/workflows/hot-auth`, service.headers)).status).toBe(200);
      expect((await fetch(`${service.url}/workflows/hot-auth`, { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(401);
      // The allowance is used: even the right token is refused now, and /health, which needs none, still answers.
      const locked = await fetch(`${service.url}/workflows/hot-auth`, { headers: service.headers });
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await read(`${service.url}/health`)).status).toBe(200);
    } finally {
      await service.close();
    }
  });

  it('leave a status read to the rate limit when one is set, and to the request log when it writes a line for it', async () => {
    const limited = await startService({ rate_limit_requests_per_minute: 50 });
    try {
      await limited.start('hot-limited');
      const counted = await fetch(`${limited.url}/workflows/hot-limited`);
      expect(counted.status).toBe(200);
      expect(counted.headers.get('ratelimit-limit')).toBe('50');
      // The health check is never counted.
      expect((await fetch(`${limited.url}/health`)).headers.get('ratelimit-limit')).toBeNull();
    } finally {
      await limited.close();
    }
    const logged = await startService({ log_level: 'info' });
    try {
      await logged.start('hot-logged');
      logged.lines.length = 0;
      expect((await read(`${logged.url}/workflows/hot-logged`, { 'x-request-id': 'logged-1' })).status).toBe(200);
      expect((await read(`${logged.url}/health`, { 'x-request-id': 'probe-1' })).status).toBe(200);
      await waitFor(() => logged.lines.length > 0, { what: 'the request line' });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(logged.lines).toEqual([
        expect.objectContaining({ level: 30, req: { id: 'logged-1', method: 'GET', path: '/workflows/hot-logged' }, res: { statusCode: 200 } }),
      ]);
    } finally {
      await logged.close();
    }
  });
});
