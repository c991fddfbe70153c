import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { secretGraph } from './support/graphs';
import { type TestApp, startTestApp } from './support/test-app';

const SECRET = 'hunter2-correct-horse-battery';

describe('secret references in actor configuration', () => {
  let app: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'secrets-'));
    writeFileSync(join(dir, 'API_KEY'), `${SECRET}\n`);
    app = await startTestApp({ config: { secrets_dir: dir } });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('resolves a reference from the secret store before the actor starts, and never records the value', async () => {
    const { data } = await app.client.startWorkflow({ graph_json: secretGraph('API_KEY') });
    const execution = await app.client.waitForCompletion(data!.data.execution_id);
    expect(execution.status).toBe('completed');
    expect(execution.result!.outputs).toEqual({ out: `length ${SECRET.length}` });
    const events = (await app.client.getWorkflowEvents(execution.id, { limit: 10_000 })).data!.data.events;
    const record = await app.store.get(execution.id);
    for (const text of [JSON.stringify(events), JSON.stringify(execution), JSON.stringify(record)]) expect(text).not.toContain(SECRET);
    expect(JSON.stringify(record!.request)).toContain('${secret:API_KEY}');
  });

  it('fails the run naming an unknown secret', async () => {
    const { data } = await app.client.startWorkflow({ graph_json: secretGraph('MISSING_ONE') });
    const execution = await app.client.waitForCompletion(data!.data.execution_id);
    expect(execution.status).toBe('failed');
    expect(JSON.stringify(execution.result!.errors)).toContain('MISSING_ONE');
  });
});
