import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../support/cli-process';
import { type TestApp, startTestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

/** A title change, a colour, a screen clear and a bell: what a hostile name would make a terminal do. */
const HOSTILE = '\x1b]0;owned\x07\x1b[31m\x1b[2J\x9b1m';
/** Bytes a terminal acts on: C0 controls but the line breaks, DEL and C1 controls (CSI is \x9b). */
// eslint-disable-next-line no-control-regex
const RAW_CONTROLS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

/** A graph whose node id and error text hold escape sequences, and whose name (the workflow id) too. */
function hostileGraph(): object {
  return {
    properties: { name: `flow${HOSTILE}` },
    processes: { [`boom${HOSTILE}`]: { component: 'tpl_javascript_script', metadata: { config: { script: "throw new Error('bad' + data)" } } } },
    connections: [{ data: HOSTILE, tgt: { process: `boom${HOSTILE}`, port: 'data-in' } }],
    outports: { result: { process: `boom${HOSTILE}`, port: 'result-out' } },
  };
}

describe('wes prints names and errors from a graph with their control characters escaped', () => {
  let dir: string;
  let app: TestApp;
  const file = () => join(dir, 'hostile.json');

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wes-terminal-'));
    await writeFile(file(), JSON.stringify(hostileGraph()));
    app = await startTestApp({});
  });
  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('shows the escapes in the progress lines and the report of wes run, and no raw control byte', async () => {
    const run = await runCli(['run', file()]);
    expect(run.code).toBe(1);
    expect(run.stderr).not.toMatch(RAW_CONTROLS);
    expect(run.stderr).toContain('Node boom\\x1b]0;owned\\x07\\x1b[31m\\x1b[2J\\x9b1m failed: bad\\x1b]0;owned\\x07');
    expect(run.stderr).toMatch(/^ {2}boom\\x1b\]0;owned\\x07\\x1b\[31m\\x1b\[2J\\x9b1m: bad\\x1b/m);
    // JSON on stdout stays JSON: the outputs parse back to what the run produced.
    expect(JSON.parse(run.stdout)).toEqual({});
  });

  it('shows the escapes in the table of wes list, and keeps the raw text in its JSON', async () => {
    await app.client.startWorkflow({ graph_json: hostileGraph() as never, metadata: { execution_id: 'hostile-run' } });
    await waitFor(async () => (await app.executions.get('hostile-run')).status === 'failed', { what: 'the hostile run to fail' });
    const table = await runCli(['list', '--url', app.url]);
    expect(table.code).toBe(0);
    expect(table.stdout).not.toMatch(RAW_CONTROLS);
    // The workflow's id and, in the NAME column, its name (the graph's `properties.name`, the same text).
    expect(table.stdout).toMatch(/^hostile-run +failed +(flow\\x1b\]0;owned\\x07\\x1b\[31m\\x1b\[2J\\x9b1m +){2}http_api /m);
    const json = await runCli(['list', '--url', app.url, '--json']);
    const page = JSON.parse(json.stdout) as { items: { id: string; workflow_id: string }[] };
    expect(page.items.find((item) => item.id === 'hostile-run')?.workflow_id).toBe(`flow${HOSTILE}`);
  });

  it('shows the escapes in an error the service answers', async () => {
    const run = await runCli(['events', `nothing${HOSTILE}`, '--url', app.url]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^wes: /);
    expect(run.stderr).not.toMatch(RAW_CONTROLS);
  });
});
