import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteExecutionStore } from '../server/storage';
import { type TestApp, startTestApp } from './support/test-app';

// Outputs of several megabytes: about 3 MiB of JSON each, 99 distinct characters per item.
const ITEMS = 33_000;
const script = (tag: string) => `const out = []; for (let i = 0; i < ${ITEMS}; i++) out.push('${tag}' + String(i).padStart(96, '.')); return out;`;
const expected = (tag: string) => Array.from({ length: ITEMS }, (_, i) => tag + String(i).padStart(96, '.'));
const graphOf = (tag: string) => ({
  processes: { big: { component: 'tpl_javascript_script', metadata: { config: { script: script(tag), timeout: 30_000 } } } },
  outports: { big: { process: 'big', port: 'result-out' } },
});

describe('large outputs', () => {
  let dir: string;
  let app: TestApp;
  let running: boolean;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'large-outputs-'));
    app = await startTestApp({ store: new SqliteExecutionStore(join(dir, 'executions.db')) });
    running = true;
  });

  afterEach(async () => {
    if (running) await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('completes a few concurrent runs of multi-megabyte outputs, and answers each output whole, from its file too after a restart', async () => {
    const tags = ['a', 'b', 'c', 'd'];
    const ids = await Promise.all(tags.map(async (tag) => (await app.client.startWorkflow({ graph_json: graphOf(tag) })).data!.data.execution_id));
    for (const id of ids) expect((await app.client.waitForCompletion(id, { timeoutMs: 60_000 })).status).toBe('completed');
    await app.store.written();
    for (const [i, id] of ids.entries()) {
      // The raw answer of GET /workflows/{id}, as a client reads it.
      const response = await fetch(`${app.url}/workflows/${id}`);
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(text));
      const body = JSON.parse(text) as { success: boolean; data: { id: string; status: string; result: { outputs: { big: string[] }; success: boolean } } };
      expect(body.success).toBe(true);
      expect(body.data.id).toBe(id);
      expect(body.data.result.success).toBe(true);
      expect(body.data.result.outputs.big).toEqual(expected(tags[i]));
    }
    // Each large result is a file of its own; the terminal event of the log carries it too.
    expect(readdirSync(join(dir, 'results')).filter((name) => name.endsWith('.json'))).toHaveLength(tags.length);
    const events = await app.store.readEvents(ids[0], 1, 1000);
    const last = events[events.length - 1] as unknown as { _type: string; result: { outputs: { big: string[] } } };
    expect(last._type).toBe('Completed');
    expect(last.result.outputs.big).toEqual(expected('a'));

    // The service stops (closing its store), and the database is opened again, as after a restart.
    running = false;
    await app.close();
    const reopened = new SqliteExecutionStore(join(dir, 'executions.db'));
    try {
      const record = await reopened.get(ids[1]);
      expect(record?.status).toBe('completed');
      expect(record?.result?.outputs.big).toEqual(expected('b'));
      const page = await reopened.list({ limit: 10 });
      expect(page.items.find((item) => item.id === ids[2])?.result?.outputs.big).toEqual(expected('c'));
      // Deleting an execution removes its result file.
      expect(await reopened.delete(ids[3])).toBe(true);
      expect(readdirSync(join(dir, 'results')).filter((name) => name.endsWith('.json'))).toHaveLength(tags.length - 1);
      expect(await reopened.get(ids[3])).toBeUndefined();
    } finally {
      await reopened.close();
    }
  });

  it('keeps a small result in the database, without a file', async () => {
    const { data } = await app.client.startWorkflow({
      graph_json: {
        processes: { n: { component: 'tpl_javascript_script', metadata: { config: { script: 'return [1, 2, 3]' } } } },
        outports: { n: { process: 'n', port: 'result-out' } },
      },
    });
    const execution = await app.client.waitForCompletion(data!.data.execution_id);
    expect(execution.result!.outputs.n).toEqual([1, 2, 3]);
    await app.store.written();
    expect(existsSync(join(dir, 'results')) ? readdirSync(join(dir, 'results')) : []).toHaveLength(0);
  });
});

describe('an output over max_result_bytes with the SQLite store', () => {
  it('is stored as the marker, and the run still completes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'large-outputs-'));
    const app = await startTestApp({ config: { max_result_bytes: 1024 * 1024 }, store: new SqliteExecutionStore(join(dir, 'executions.db')) });
    try {
      const { data } = await app.client.startWorkflow({ graph_json: graphOf('m') });
      const id = data!.data.execution_id;
      const execution = await app.client.waitForCompletion(id, { timeoutMs: 60_000 });
      expect(execution.status).toBe('completed');
      const bytes = Buffer.byteLength(JSON.stringify(expected('m')));
      expect(execution.result!.outputs.big).toBe(`[output of ${bytes} bytes left out: larger than max_result_bytes (1048576)]`);
      const body = (await (await fetch(`${app.url}/workflows/${id}`)).json()) as { data: { result: { outputs: { big: string } } } };
      expect(body.data.result.outputs.big).toBe(execution.result!.outputs.big);
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
