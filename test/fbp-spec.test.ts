import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ProtocolClient } from './support/protocol-client';
import { type TestApp, startTestApp } from './support/test-app';

const TOKEN = 'fbp-spec-secret-0123456789';
const ROOT = join(__dirname, '..');
const FBP_SPEC = dirname(require.resolve('fbp-spec/package.json'));
const EXAMPLES = join(FBP_SPEC, 'examples');
/** The cases of the examples run, and how many of them are meant to pass. */
const EXAMPLE_CASES = 30;
const EXAMPLE_PASSING = 15;

/** One case as fbp-spec's command line reports it: its assertion, and whether it passed. */
interface CaseResult {
  assertion: string;
  passed: boolean;
  line: string;
}

/** Runs fbp-spec's command line on `path` (a suite file or a folder of them) against the app; answers every case it reported. */
async function fbpSpec(app: TestApp, path: string): Promise<{ cases: CaseResult[]; output: string }> {
  const address = `ws://127.0.0.1:${new URL(app.url).port}/`;
  const child = spawn(process.execPath, [join(FBP_SPEC, 'bin', 'fbp-spec'), '--address', address, '--secret', TOKEN, '--command-timeout', '10', path], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise((resolve) => child.on('close', resolve));
  // A case is reported as `  <name>\n    <assertion>: ✓` or `...: ✗ Error: <why>`.
  const cases = [...output.matchAll(/^ {4}(.+?): (✓|✗.*)$/gm)].map(([line, assertion, verdict]) => ({ assertion, passed: verdict === '✓', line }));
  return { cases, output };
}

describe('fbp-spec against the FBP runtime', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fbp-spec-'));
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ config: { auth_tokens: [TOKEN], data_dir: dataDir } });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("passes the service's own suites and noflo-core's", async () => {
    const { cases, output } = await fbpSpec(app, join(ROOT, 'test', 'fixtures', 'fbp-spec'));
    expect(cases.filter((result) => !result.passed).map((result) => result.line)).toEqual([]);
    // 34 cases of the service's suites (core components and 17 actors), 6 of noflo-core's.
    expect(cases).toHaveLength(40);
    expect(output).not.toMatch(/Error:/);
  }, 120_000);

  it("passes fbp-spec's own examples: each case meant to pass passes, each meant to fail fails", async () => {
    // The examples test a component their runtime has, DummyComponent: here a graph component that repeats.
    const client = await ProtocolClient.open(app.url, TOKEN);
    client.send('graph', 'clear', { id: 'DummyComponent', main: false });
    client.send('graph', 'addnode', { id: 'r', component: 'core/Repeat', graph: 'DummyComponent' });
    client.send('graph', 'addinport', { public: 'in', node: 'r', port: 'in', graph: 'DummyComponent' });
    client.send('graph', 'addoutport', { public: 'out', node: 'r', port: 'out', graph: 'DummyComponent' });
    await client.next('graph', 'addoutport');
    client.close();
    const examples = [
      'simple-passing.yaml',
      'simple-failing.yaml',
      'predicates.yaml',
      'jsonpath.yaml',
      'nofixture.yaml',
      'sequences.yaml',
      'multisuite-failandpass.yaml',
    ];
    const runs = [];
    for (const name of examples) runs.push(await fbpSpec(app, join(EXAMPLES, name)));
    const cases = runs.flatMap((run) => run.cases);
    const output = runs.map((run) => run.output).join('\n');
    const wrong = cases.filter((result) => result.passed !== /should (pass|repeat)/.test(result.assertion));
    expect(wrong.map((result) => result.line)).toEqual([]);
    expect({ cases: cases.length, passed: cases.filter((result) => result.passed).length }).toEqual({ cases: EXAMPLE_CASES, passed: EXAMPLE_PASSING });
    expect(output).not.toMatch(/TypeError|Unhandled/);
  }, 120_000);
});
