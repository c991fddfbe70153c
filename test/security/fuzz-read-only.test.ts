import fc from 'fast-check';
import { WebSocket } from 'ws';
import { GREETER_DEPLOYMENT } from '../../contract/example-workflows';
import { BODY, FRAME, PATH, QUERY } from '../support/fuzz-arbitraries';
import { type TestApp, startTestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

const ADMIN = 'fuzz-admin-token-0123456789';
const READ = 'fuzz-reader-token-0123456789';
const SEEDED_RUN = 'seeded-run';
const SEEDED_DEPLOYMENT = GREETER_DEPLOYMENT.name;

/** The generated routes, plus every route that changes state, aimed at records that exist. */
const READ_ONLY_PATH = fc.oneof(
  PATH,
  fc.constantFrom(
    `/workflows/${SEEDED_RUN}`,
    `/workflows/${SEEDED_RUN}/cancel`,
    `/workflows/${SEEDED_RUN}/nodes/mul/config`,
    '/deployments',
    `/deployments/${SEEDED_DEPLOYMENT}`,
    `/deployments/${SEEDED_DEPLOYMENT}/pause`,
    `/deployments/${SEEDED_DEPLOYMENT}/resume`,
    '/graphs/validate',
    '/audit',
    '/metrics',
  ),
);

/** A request that starts a run, when a token may. */
const VALID_START = { graph_fbp: "'2' -> A_IN mul(tpl_math_multiply)\n'5' -> B_IN mul" };

/** The generated bodies, plus ones that would start a run, pause a deployment or set a node's precision. */
const READ_ONLY_BODY = fc.oneof(BODY, fc.constantFrom(JSON.stringify(VALID_START), JSON.stringify({ paused: true }), JSON.stringify({ precision: 1 })));

/** A frame that would start, cancel or follow a run, aimed at the seeded one. */
const SEEDED_FRAME = fc.constantFrom(
  JSON.stringify({ type: 'cancel_workflow', execution_id: SEEDED_RUN }),
  JSON.stringify({ type: 'start_workflow', data: VALID_START }),
  JSON.stringify({ type: 'subscribe_workflow', execution_id: SEEDED_RUN }),
);

describe('fuzzing the API with a read-only token', () => {
  let app: TestApp;
  const asAdmin = (path: string, init: RequestInit = {}) =>
    fetch(`${app.url}${path}`, { ...init, headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' } });

  /** Everything a token could change: the runs with their state, the deployments with theirs, the seeded run's request. */
  async function state(): Promise<unknown> {
    const reads = ['/workflows?limit=100', '/deployments', `/workflows/${SEEDED_RUN}`, `/workflows/${SEEDED_RUN}/request`, `/deployments/${SEEDED_DEPLOYMENT}`];
    return Promise.all(reads.map(async (path) => ({ path, data: ((await (await asAdmin(path)).json()) as { data: unknown }).data })));
  }

  beforeAll(async () => {
    app = await startTestApp({ config: { auth_tokens: [ADMIN, { token: READ, name: 'reader', scopes: ['read'] }], max_body_bytes: 64 * 1024 } });
    const graph = { graph_fbp: "'3' -> A_IN mul(tpl_math_multiply)\n'4' -> B_IN mul", metadata: { execution_id: SEEDED_RUN } };
    expect((await asAdmin('/workflows', { method: 'POST', body: JSON.stringify(graph) })).ok).toBe(true);
    await waitFor(async () => (await app.store.get(SEEDED_RUN))?.status === 'completed', { what: 'the seeded run to complete' });
    expect((await asAdmin('/deployments', { method: 'POST', body: JSON.stringify(GREETER_DEPLOYMENT) })).ok).toBe(true);
  });
  afterAll(() => app.close());

  it('changes nothing over 1,000 generated HTTP requests and 300 WebSocket frames, and the audit trail shows each refusal', async () => {
    const before = await state();

    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('GET', 'POST', 'PATCH', 'PUT', 'DELETE'), READ_ONLY_PATH, QUERY, READ_ONLY_BODY, async (method, path, query, body) => {
        const search = new URLSearchParams(query).toString();
        const response = await fetch(`${app.url}${path}${search ? `?${search}` : ''}`, {
          method,
          headers: { authorization: `Bearer ${READ}`, 'content-type': 'application/json' },
          body: method === 'GET' ? undefined : body,
        });
        await response.arrayBuffer();
        expect(response.status).toBeLessThan(500);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }),
      { numRuns: 1000 },
    );

    const socket = new WebSocket(app.wsUrl, { headers: { authorization: `Bearer ${READ}` } });
    await new Promise((resolve) => socket.once('open', resolve));
    let replies = 0;
    socket.on('message', () => replies++);
    await fc.assert(
      fc.asyncProperty(fc.oneof(FRAME, SEEDED_FRAME), async (frame) => {
        const seen = replies;
        socket.send(frame);
        await waitFor(() => replies > seen || socket.readyState !== WebSocket.OPEN, { what: 'a reply to the frame' });
        expect(socket.readyState).toBe(WebSocket.OPEN);
      }),
      { numRuns: 300 },
    );
    socket.close();

    expect(await state()).toEqual(before);
    // The generator reached the refusal: a read-only token is told it lacks a scope, not that the route is unknown.
    expect(statuses.get(403) ?? 0).toBeGreaterThan(0);
    const audit = (await (await asAdmin('/audit?actor=reader&limit=100')).json()) as { data: { items: { outcome: number }[] } };
    expect(audit.data.items.length).toBeGreaterThan(0);
    expect(audit.data.items.filter((entry) => entry.outcome < 400)).toEqual([]);
  }, 180_000);
});
