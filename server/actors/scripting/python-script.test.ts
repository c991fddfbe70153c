import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type JsonValue, createCatalogue, defineActor, runGraph } from '../../engine';
import { PythonScriptConfigSchema, createPythonScriptActor, pythonScript } from './python-script';
import { isAlive } from '../../../test/support/process-alive';

const run = { executionId: 'exec-py', workflowId: 'wf-py' } as const;

/** A sink that records every packet it receives. */
function collector(received: JsonValue[]) {
  return defineActor({
    id: 'test_collect',
    inports: { in: {} },
    outports: {},
    fire: ({ inputs }) => {
      received.push(inputs.in ?? null);
    },
  });
}

function pythonNode(script: string, extra: Record<string, JsonValue> = {}) {
  return { component: 'tpl_python_script', metadata: { config: { script, ...extra } } };
}

describe('tpl_python_script', () => {
  it('defaults its timeout to 30000 ms, its memory limit to 512 MB, its packages to none, and grants no network and no environment', () => {
    expect(PythonScriptConfigSchema.parse({ script: 'return 1' })).toEqual({ script: 'return 1', packages: [], timeout: 30_000, memoryLimit: 512, allowNetwork: false, environment: {} });
  });

  it('reads packages one per line or comma separated, without versions or comments', () => {
    const parsed = PythonScriptConfigSchema.parse({ script: 'return 1', packages: 'pandas>=2.0\nnumpy, requests[socks]  # http\n\nnumpy' });
    expect(parsed.packages).toEqual(['pandas', 'numpy', 'requests']);
  });

  it('rejects a graph whose script node has no script, or lists something that is no package, naming node and key', async () => {
    const catalogue = createCatalogue([pythonScript]);
    await expect(runGraph({ processes: { calc: { component: 'tpl_python_script' } } }, catalogue, run)).rejects.toThrow(/calc[\s\S]*config 'script' is required/);
    await expect(runGraph({ processes: { calc: pythonNode('return 1', { packages: '!!!' }) } }, catalogue, run)).rejects.toThrow(
      /calc[\s\S]*config 'packages': '!!!' is not a package name/,
    );
  });

  it('routes a raised exception to error-out when it is connected, and the run completes', async () => {
    const graph = {
      processes: {
        risky: pythonNode('if data["n"] > 1:\n    raise Exception("too big: " + str(data["n"]))\nreturn data'),
        report: pythonNode('return {"handled": True, "error": data["message"], "node": data["node_id"]}'),
      },
      connections: [{ from: { nodeId: 'risky', portId: 'error-out' }, to: { nodeId: 'report', portId: 'data-in' } }],
      inports: { n: { process: 'risky', port: 'data-in' } },
      outports: { ok: { process: 'risky', port: 'result-out' }, handled: { process: 'report', port: 'result-out' } },
    };
    const { result } = await runGraph(graph, createCatalogue([pythonScript]), { ...run, input: { n: { n: 5 } } });
    expect(result.success).toBe(true);
    expect(result.outputs).toEqual({ handled: { handled: true, error: 'too big: 5 (line 2)', node: 'risky' } });
  });

  it('runs a top-level script per data packet, keeping the config-in packet for each', async () => {
    const received: JsonValue[] = [];
    const graph = {
      processes: {
        gen: pythonNode('context.send_output("result-out", {"n": 1})\ncontext.send_output("result-out", {"n": 2})'),
        s: pythonNode('return {"n": data["n"], "mode": config["mode"], "same": imports.get("data") == imports["data"] == data}'),
        sink: { component: 'test_collect' },
      },
      connections: [
        { data: { mode: 'fast' }, to: { nodeId: 's', portId: 'config-in' } },
        { from: { nodeId: 'gen', portId: 'result-out' }, to: { nodeId: 's', portId: 'data-in' } },
        { from: { nodeId: 's', portId: 'result-out' }, to: { nodeId: 'sink', portId: 'in' } },
      ],
    };
    const { result } = await runGraph(graph, createCatalogue([pythonScript, collector(received)]), run);
    expect(result.success).toBe(true);
    expect(received).toEqual([
      { n: 1, mode: 'fast', same: true },
      { n: 2, mode: 'fast', same: true },
    ]);
  });

  it('runs def process(inputs, context), sending its outputs; a status it returns after sending is no packet', async () => {
    const received: JsonValue[] = [];
    const script = [
      'def process(inputs, context):',
      '    context.send_output("result-out", {"first": inputs["data-in"]})',
      '    return {"node": context.node_id, "timeout": context.config["timeout"]}',
    ].join('\n');
    const graph = {
      processes: { p: pythonNode(script, { timeout: 15_000 }), sink: { component: 'test_collect' } },
      connections: [{ from: { nodeId: 'p', portId: 'result-out' }, to: { nodeId: 'sink', portId: 'in' } }],
      inports: { x: { process: 'p', port: 'data-in' } },
    };
    const { result } = await runGraph(graph, createCatalogue([pythonScript, collector(received)]), { ...run, input: { x: 7 } });
    expect(result.success).toBe(true);
    expect(received).toEqual([{ first: 7 }]);
  });

  it('fails the run when the script runs past its timeout', async () => {
    const graph = { processes: { slow: pythonNode('import time\ntime.sleep(30)', { timeout: 300 }) } };
    const { result } = await runGraph(graph, createCatalogue([pythonScript]), run);
    expect(result.errors).toEqual([{ node_id: 'slow', message: 'Python script timed out after 300 ms' }]);
  });

  it('fails the run when the script passes its memory limit', async () => {
    const graph = { processes: { bomb: pythonNode('keep = []\nwhile True:\n    keep.append(" " * 10**6)', { memoryLimit: 64 }) } };
    const { result } = await runGraph(graph, createCatalogue([pythonScript]), run);
    expect(result.errors).toEqual([{ node_id: 'bomb', message: 'Python script exceeded its memory limit of 64 MB' }]);
  });

  it('fails the run when a listed package is not installed, without installing it', async () => {
    const graph = { processes: { calc: pythonNode('import pandas\nreturn 1', { packages: 'definitely_missing_pkg_for_tests' }) } };
    const { result } = await runGraph(graph, createCatalogue([pythonScript]), run);
    expect(result.errors).toEqual([
      { node_id: 'calc', message: "Python package 'definitely_missing_pkg_for_tests' is not installed; the service does not install packages" },
    ]);
  });

  it('uses the interpreter it was built with', async () => {
    const graph = { processes: { calc: pythonNode('return 1') } };
    const { result } = await runGraph(graph, createCatalogue([createPythonScriptActor({ pythonBinary: '/nonexistent/python3' })]), run);
    expect(result.errors[0].message).toMatch(/^The Python interpreter '\/nonexistent\/python3' could not be started/);
  });

  it('ends promptly when the run is cancelled, leaving no python process behind', async () => {
    const scratch = mkdtempSync(join(tmpdir(), 'python-cancel-test-'));
    const pidFile = join(scratch, 'pid.txt');
    try {
      const controller = new AbortController();
      const script = 'import os, time\nwith open(data, "w") as f:\n    f.write(str(os.getpid()) + "\\n")\ntime.sleep(60)';
      const graph = { processes: { slow: pythonNode(script, { timeout: 60_000 }) }, inports: { path: { process: 'slow', port: 'data-in' } } };
      // Unsandboxed, so that the test can see the process id; the sandboxed case is in test/security.
      const unsandboxed = createPythonScriptActor({ sandbox: 'none' });
      const pending = runGraph(graph, createCatalogue([unsandboxed]), { ...run, input: { path: pidFile }, signal: controller.signal });
      const deadline = Date.now() + 15_000;
      while (!(existsSync(pidFile) && readFileSync(pidFile, 'utf8').endsWith('\n')) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const pid = Number(readFileSync(pidFile, 'utf8').trim());
      expect(isAlive(pid)).toBe(true);
      const cancelledAt = Date.now();
      controller.abort();
      const { events } = await pending;
      expect(events.at(-1)?._type).toBe('Cancelled');
      expect(Date.now() - cancelledAt).toBeLessThan(5000);
      expect(isAlive(pid)).toBe(false);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
