import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type JsonObject } from '../../engine';
import { type PythonScriptOutcome, type PythonScriptRequest, runPythonScript } from './python-runner';
import { isAlive } from '../../../test/support/process-alive';

function request(script: string, extra: Partial<PythonScriptRequest> = {}): PythonScriptRequest {
  return {
    script,
    inputs: {},
    inputPorts: ['data-in', 'config-in'],
    outputPorts: ['result-out', 'error-out'],
    config: { timeout: 30_000 },
    nodeId: 'py',
    packages: [],
    timeoutMs: 20_000,
    memoryLimitMb: 256,
    sandbox: { mode: 'bwrap', network: false },
    ...extra,
  };
}

function run(script: string, inputs: JsonObject = {}, extra: Partial<PythonScriptRequest> = {}): Promise<PythonScriptOutcome> {
  return runPythonScript(request(script, { inputs, ...extra }));
}

async function waitForFile(path: string, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(path)) {
      const text = readFileSync(path, 'utf8');
      if (text.endsWith('\n')) return text;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${path} did not appear`);
}

describe('runPythonScript', () => {
  let scratch: string;
  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'python-runner-test-'));
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('runs a body with a top-level return, with data, config and imports in scope', async () => {
    const script = 'return {"n": data["n"] * 2, "mode": config["mode"], "viaGet": imports.get("data")["n"], "viaKey": imports["data"]["n"], "viaPort": imports.get("data-in")["n"]}';
    expect(await run(script, { 'data-in': { n: 21 }, 'config-in': { mode: 'fast' } })).toEqual({
      ok: true,
      returned: true,
      value: { n: 42, mode: 'fast', viaGet: 21, viaKey: 21, viaPort: 21 },
      outputs: [],
      logs: [],
    });
  });

  it('calls def process(inputs, context), recording each send_output in order', async () => {
    const script = [
      'def process(inputs, context):',
      '    context.send_output("result-out", {"first": inputs["data-in"]})',
      '    context.send_output("error-out", "second")',
      '    return {"node": context.node_id, "timeout": context.config["timeout"], "alias": inputs.get("data")}',
    ].join('\n');
    expect(await run(script, { 'data-in': 5 })).toEqual({
      ok: true,
      returned: true,
      value: { node: 'py', timeout: 30_000, alias: 5 },
      outputs: [
        { port: 'result-out', value: { first: 5 } },
        { port: 'error-out', value: 'second' },
      ],
      logs: [],
    });
  });

  it('accepts the Context.get_inputs() and __return_value convention, and an async def process', async () => {
    const script = 'inputs = Context.get_inputs()\nvalue = inputs.get("data-in")\n__return_value = {"doubled": value * 2}';
    expect(await run(script, { 'data-in': 4 })).toMatchObject({ ok: true, value: { doubled: 8 } });
    expect(await run('async def process(inputs, context):\n    return inputs["data-in"] + 1', { 'data-in': 1 })).toMatchObject({ ok: true, value: 2 });
  });

  it('reports nothing returned when the result is None', async () => {
    expect(await run('x = 1')).toEqual({ ok: true, returned: false, value: null, outputs: [], logs: [] });
    expect(await run('return None')).toMatchObject({ ok: true, returned: false });
  });

  it('keeps print output as logs, apart from the result', async () => {
    const outcome = await run('import sys\nprint(\'{"ok": false}\')\nprint("to stderr", file=sys.stderr)\nreturn 5');
    expect(outcome).toMatchObject({ ok: true, value: 5 });
    expect(outcome.logs).toEqual(expect.arrayContaining(['{"ok": false}', '[stderr] to stderr']));
  });

  it('fails with the exception message, naming its type unless it is a plain Exception, and the line of the script it was raised on', async () => {
    expect(await run('raise Exception("too big: 5")')).toMatchObject({ ok: false, kind: 'error', error: 'too big: 5 (line 1)' });
    const outcome = await run('def helper():\n    raise ValueError("bad value")\nhelper()');
    expect(outcome).toMatchObject({ ok: false, kind: 'error', error: 'ValueError: bad value (line 2)' });
    expect(outcome.logs.join('\n')).toMatch(/line 2, in helper/);
    expect(await run('x = 1\ny = (')).toMatchObject({ ok: false, kind: 'error', error: "SyntaxError: '(' was never closed (line 2)" });
  });

  it("names the line of the user's script, not of its wrapping, for a body with a top-level return", async () => {
    const outcome = await run('total = data["n"]\ntotal += 1\nraise ValueError("bad total " + str(total))\nreturn total', { 'data-in': { n: 1 } });
    expect(outcome).toMatchObject({ ok: false, kind: 'error', error: 'ValueError: bad total 2 (line 3)' });
    expect(outcome.logs.join('\n')).toMatch(/File "<script>", line 3/);
  });

  it('rejects a result or an output that is not JSON, naming what was wrong', async () => {
    expect(await run('return {"s": {1, 2}}')).toMatchObject({ ok: false, error: 'result.s is a set, which is not JSON' });
    expect(await run('context.send_output("result-out", object())')).toMatchObject({ ok: false, error: "the value sent on 'result-out' is an object, which is not JSON (line 1)" });
    expect(await run('context.send_output("nope", 1)')).toMatchObject({
      ok: false,
      error: "send_output: unknown output port 'nope'; the outputs are result-out, error-out (line 1)",
    });
  });

  it("reads the orchestrator's port names output and error as result-out and error-out", async () => {
    expect(await run('context.send_output("output", 1)\ncontext.send_output("error", "careful")')).toMatchObject({
      ok: true,
      outputs: [
        { port: 'result-out', value: 1 },
        { port: 'error-out', value: 'careful' },
      ],
    });
  });

  it('fails clearly when a listed package is not installed, and accepts one that is', async () => {
    expect(await run('return 1', {}, { packages: ['json', 'definitely_missing_pkg_for_tests'] })).toMatchObject({
      ok: false,
      kind: 'package',
      error: "Python package 'definitely_missing_pkg_for_tests' is not installed; the service does not install packages",
    });
    expect(await run('import json\nreturn json.dumps([1])', {}, { packages: ['json'] })).toMatchObject({ ok: true, value: '[1]' });
  });

  it('runs unsandboxed, when so configured, with a minimal environment in a temporary directory that is removed afterwards', async () => {
    process.env.SCRIPT_TEST_SECRET = 'do-not-leak';
    try {
      const outcome = await run('import os\nreturn {"env": sorted(os.environ.keys()), "cwd": os.getcwd()}', {}, { sandbox: { mode: 'none', network: false } });
      expect(outcome.ok).toBe(true);
      const value = (outcome.ok ? outcome.value : {}) as { env: string[]; cwd: string };
      expect(value.env).not.toContain('SCRIPT_TEST_SECRET');
      expect(value.env).toEqual(['HOME', 'LANG', 'LC_ALL', 'PATH', 'TMPDIR']);
      expect(existsSync(value.cwd)).toBe(false);
    } finally {
      delete process.env.SCRIPT_TEST_SECRET;
    }
  });

  it('kills a script that runs past its timeout', async () => {
    const started = Date.now();
    expect(await run('import time\ntime.sleep(30)', {}, { timeoutMs: 500 })).toMatchObject({
      ok: false,
      kind: 'timeout',
      error: 'Python script timed out after 500 ms',
    });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('fails a script that passes its memory limit with a memory error', async () => {
    expect(await run('keep = []\nwhile True:\n    keep.append(" " * 10**6)', {}, { memoryLimitMb: 64 })).toEqual({
      ok: false,
      kind: 'memory',
      error: 'Python script exceeded its memory limit of 64 MB',
      logs: [],
    });
  });

  it('kills the script and its children at once when cancelled', async () => {
    const pidFile = join(scratch, 'pids.txt');
    const script = [
      'import os, subprocess, time',
      'child = subprocess.Popen(["sleep", "60"])',
      'with open(data, "w") as f:',
      '    f.write(str(os.getpid()) + " " + str(child.pid) + "\\n")',
      'time.sleep(60)',
    ].join('\n');
    const controller = new AbortController();
    // Unsandboxed, so that the test can see the processes' ids; the sandboxed case is in test/security.
    const pending = run(script, { 'data-in': pidFile }, { signal: controller.signal, timeoutMs: 60_000, sandbox: { mode: 'none', network: false } });
    const [pid, grandchild] = (await waitForFile(pidFile, 15_000)).trim().split(' ').map(Number);
    expect(isAlive(pid)).toBe(true);
    const started = Date.now();
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, kind: 'cancelled', error: 'Python script cancelled' });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(isAlive(pid)).toBe(false);
    const deadline = Date.now() + 5000;
    while (isAlive(grandchild) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(isAlive(grandchild)).toBe(false);
  });

  it('fails clearly when the interpreter cannot be started, sandboxed or not', async () => {
    for (const mode of ['bwrap', 'none'] as const) {
      expect(await run('return 1', {}, { pythonBinary: 'no-such-python-binary', sandbox: { mode, network: false } })).toMatchObject({
        ok: false,
        kind: 'error',
        error: expect.stringMatching(/^The Python interpreter 'no-such-python-binary' could not be started/),
      });
    }
  });

  it('refuses to run, naming the reason, when the sandbox cannot be made', async () => {
    expect(await run('return 1', {}, { sandbox: { mode: 'bwrap', network: false, bwrapBinary: '/nonexistent/bwrap' } })).toEqual({
      ok: false,
      kind: 'error',
      error: expect.stringMatching(/^Python scripts run only in a sandbox, and '\/nonexistent\/bwrap' could not be started .*install bubblewrap/),
      logs: [],
    });
  });

  it('does not start a script whose signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await run('return 1', {}, { signal: controller.signal })).toMatchObject({ ok: false, kind: 'cancelled' });
  });
});
