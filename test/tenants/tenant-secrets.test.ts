import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { secretGraph } from '../support/graphs';
import { type TestApp, startTestApp } from '../support/test-app';
import { sendWithToken } from '../support/token-call';

const ACME = 'acme-runner-token-0123456789';
const GLOBEX = 'globex-runner-token-0123456789';
const OPS = 'ops-admin-token-0123456789abc';
const ACME_SECRET = 'acme-only-correct-horse-battery';
const OPEN_SECRET = 'open-to-all-staple-battery';

/** A hook at POST /in that lets in only callers showing the secret `authSecret` as their bearer token. */
function guardedHookGraph(authSecret: string) {
  return {
    processes: {
      request: { component: 'tpl_server_request', metadata: { config: { path: '/in', method: 'POST', authentication: 'Bearer Token', authSecret } } },
      respond: { component: 'tpl_server_response' },
    },
    connections: [{ src: { process: 'request', port: 'request-out' }, tgt: { process: 'respond', port: 'data-in' } }],
  };
}

describe('secrets limited to a tenant', () => {
  let app: TestApp;
  let dir: string;
  /** Runs the graph naming `secret` as `token`, and answers the start's status with the run's status, outputs and errors. */
  const run = async (token: string, secret: string) => {
    const answer = await sendWithToken(app.url, token, 'POST', '/workflows', { graph_json: secretGraph(secret) });
    const id = ((await answer.json()) as { data: { execution_id: string } }).data.execution_id;
    const ended = await app.client.waitForCompletion(id, { via: 'polling', timeoutMs: 15_000 });
    return { started: answer.status, status: ended.status, outputs: ended.result!.outputs, errors: JSON.stringify(ended.result!.errors) };
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tenant-secrets-'));
    writeFileSync(join(dir, 'ACME_KEY'), `${ACME_SECRET}\n`);
    writeFileSync(join(dir, 'OPEN_KEY'), `${OPEN_SECRET}\n`);
    app = await startTestApp({
      config: {
        secrets_dir: dir,
        auth_tokens: [
          OPS,
          { token: ACME, name: 'acme-ci', scopes: ['run', 'deploy'], tenant: 'acme' },
          { token: GLOBEX, name: 'globex-ci', scopes: ['run', 'deploy'], tenant: 'globex' },
        ],
        tenants: { acme: { secrets: ['ACME_KEY'] } },
      },
    });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("resolves a tenant's own secret in its runs", async () => {
    expect(await run(ACME, 'ACME_KEY')).toMatchObject({ started: 200, status: 'completed', outputs: { out: `length ${ACME_SECRET.length}` } });
  });

  it('answers a run of another tenant, or of no tenant, naming it exactly as one naming a secret that does not exist', async () => {
    for (const token of [GLOBEX, OPS]) {
      const missing = await run(token, 'NO_SUCH_KEY');
      const limited = await run(token, 'ACME_KEY');
      expect(limited.status).toBe('failed');
      expect(limited).toEqual({ ...missing, errors: missing.errors.replaceAll('NO_SUCH_KEY', 'ACME_KEY') });
      expect(limited.errors).not.toContain(ACME_SECRET);
    }
  });

  it('leaves a secret no tenant lists open to every run', async () => {
    for (const token of [ACME, GLOBEX, OPS])
      expect(await run(token, 'OPEN_KEY')).toMatchObject({ status: 'completed', outputs: { out: `length ${OPEN_SECRET.length}` } });
  });

  it("checks a hook's callers against its tenant's secret, and refuses another tenant's deployment naming it as one naming no secret", async () => {
    const deploy = async (token: string, name: string, secret: string) => {
      const answer = await sendWithToken(app.url, token, 'POST', '/deployments', { name, graph_json: guardedHookGraph(secret) });
      return { status: answer.status, body: (await answer.json()) as { code?: string; error?: string; details?: unknown } };
    };
    const missing = await deploy(GLOBEX, 'globex-guard-missing', 'NO_SUCH_KEY');
    const limited = await deploy(GLOBEX, 'globex-guard', 'ACME_KEY');
    expect([missing.status, missing.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(limited.status).toBe(400);
    expect({ ...limited.body, timestamp: undefined }).toEqual(
      JSON.parse(JSON.stringify({ ...missing.body, timestamp: undefined }).replaceAll('NO_SUCH_KEY', 'ACME_KEY')) as object,
    );
    expect((await sendWithToken(app.url, OPS, 'GET', '/deployments/globex-guard')).status).toBe(404);
    expect((await deploy(ACME, 'acme-guard', 'ACME_KEY')).status).toBe(201);
    const hook = (token: string) =>
      fetch(`${app.url}/hooks/acme-guard/in`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{}',
      });
    expect((await hook(ACME_SECRET)).status).toBe(200);
    expect((await hook(OPEN_SECRET)).status).toBe(401);
  });
});
