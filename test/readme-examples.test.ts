import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { EXAMPLE_EXECUTION_IDS } from '../contract/examples';
import { type TestApp, startTestApp } from './support/test-app';

const root = join(__dirname, '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const websocketPage = readFileSync(join(root, 'docs', 'websocket.md'), 'utf8');

/** The first fenced block of `language` after `heading` in `page`. */
function blockAfter(page: string, heading: string, language: string): string {
  const start = page.indexOf(heading);
  expect(start).toBeGreaterThanOrEqual(0);
  const match = new RegExp('```' + language + '\\n([\\s\\S]*?)```').exec(page.slice(start));
  expect(match).not.toBeNull();
  return match![1];
}

describe('the examples of the README and the docs', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it("start the demo, and the Swagger examples after it on the same service, without an id's 409", async () => {
    // The curl command under the comment `# 2. Start a workflow`, inside the README's example block.
    const body = /-d '([\s\S]*?)'\n/.exec(readme.slice(readme.indexOf('# 2. Start a workflow')))![1];
    const demo = await fetch(`${app.url}/workflows`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(demo.status).toBe(200);
    const demoId = ((await demo.json()) as { data: { execution_id: string } }).data.execution_id;
    expect(demoId).toBe('demo-1');
    const example = { graph_json: JSON.parse(body).graph_json, input: { x: 3, y: 4.5 }, metadata: { execution_id: EXAMPLE_EXECUTION_IDS.multiply } };
    const swagger = await fetch(`${app.url}/workflows`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(example) });
    expect({ status: swagger.status, id: ((await swagger.json()) as { data?: { execution_id: string } }).data?.execution_id }).toEqual({
      status: 200,
      id: EXAMPLE_EXECUTION_IDS.multiply,
    });
    expect(EXAMPLE_EXECUTION_IDS.multiply).not.toBe(demoId);
  });

  it('run the WebSocket snippet as shown, with the ws package, to the end of its run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'readme-ws-'));
    try {
      symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
      const script = blockAfter(websocketPage, '# WebSocket (`/ws`)', 'js').replace('ws://localhost:8080/ws', `${app.wsUrl}`);
      writeFileSync(join(dir, 'ws-demo.mjs'), script);
      const { stdout } = await promisify(execFile)(process.execPath, [join(dir, 'ws-demo.mjs')], { cwd: dir, timeout: 20_000 });
      const lines = stdout.trim().split('\n');
      expect(lines[0]).toMatch(/^1 \w+$/);
      expect(lines.at(-1)).toMatch(/^\d+ Completed$/);
      expect(lines.map((line) => Number(line.split(' ')[0]))).toEqual(lines.map((_, i) => i + 1));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
