import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TestApp, startTestApp } from '../support/test-app';

const ACME = 'acme-runner-token-0123456789';
const GLOBEX = 'globex-runner-token-0123456789';
const OPS = 'ops-admin-token-0123456789abc';
const ACME_SECRET = 'acme-only-correct-horse-battery';
const OPEN_SECRET = 'open-to-all-staple-battery';

function secretGraph(name: string) {
  return {
    properties: { name: 'secretive' },
    processes: { s: { component: 'tpl_javascript_script', metadata: { config: { script: `return 'length ' + '\${secret:${name}}'.length;` } } } },
    connections: [],
    outports: { out: { process: 's', port: 'result-out' } },
  };
}

describe('secrets limited to a tenant', () => {
  let app: TestApp;
  let dir: string;
  /** Runs the graph naming `secret` as `token`, and answers the start's status with the run's status, outputs and errors. */
  const run = async (token: string, secret: string) => {
    const answer = await fetch(`${app.url}/workflows`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ graph_json: secretGraph(secret) }),
    });
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
          { token: ACME, name: 'acme-ci', scopes: ['run'], tenant: 'acme' },
          { token: GLOBEX, name: 'globex-ci', scopes: ['run'], tenant: 'globex' },
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
});
