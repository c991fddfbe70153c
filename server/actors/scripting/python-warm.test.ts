import { type JsonValue, createCatalogue, defineActor, runGraph } from '../../engine';
import { type PythonInterpreterPool } from './python-interpreter-pool';
import { createPythonInterpreterPool, createPythonScriptActor } from './python-script';
import { type SandboxMode } from './process-sandbox';
import { isAlive } from '../../../test/support/process-alive';
import { waitFor } from '../../../test/support/wait-for';

let runs = 0;
const nextRun = () => ({ executionId: `exec-warm-${++runs}`, workflowId: 'wf-warm' });

function pythonNode(script: string, extra: Record<string, JsonValue> = {}) {
  return { component: 'tpl_python_script', metadata: { config: { script, timeout: 20_000, ...extra } } };
}

/** Runs a graph on a pooled Python actor with a sink per named port; answers what each sink received. */
async function runWarm(
  pool: PythonInterpreterPool,
  mode: SandboxMode,
  graph: { processes: Record<string, JsonValue>; connections?: JsonValue[] },
  sinks: Record<string, { node: string; port: string }>,
) {
  const received: Record<string, JsonValue[]> = {};
  const sink = defineActor({
    id: 'test_sink',
    inports: { in: {} },
    outports: {},
    fire: ({ inputs, node }) => {
      (received[node.id] ??= []).push(inputs.in ?? null);
    },
  });
  const processes: Record<string, JsonValue> = { ...graph.processes };
  const connections: JsonValue[] = [...(graph.connections ?? [])];
  for (const [name, from] of Object.entries(sinks)) {
    processes[name] = { component: 'test_sink' };
    connections.push({ from: { nodeId: from.node, portId: from.port }, to: { nodeId: name, portId: 'in' } });
  }
  const catalogue = createCatalogue([createPythonScriptActor({ sandbox: mode, pool }), sink]);
  const { result } = await runGraph({ processes, connections }, catalogue, nextRun());
  return { result, received };
}

/** A node fed with each packet of `packets`, in order. */
function fed(node: string, packets: JsonValue[]): JsonValue[] {
  return packets.map((data) => ({ data, to: { nodeId: node, portId: 'data-in' } }));
}

describe('warm Python interpreters', () => {
  let pool: PythonInterpreterPool;
  let unsandboxedPool: PythonInterpreterPool;
  beforeAll(() => {
    pool = createPythonInterpreterPool({ size: 2 });
    // Unsandboxed, so that the test sees the interpreters' process ids; the sandbox keeps the same rules.
    unsandboxedPool = createPythonInterpreterPool({ size: 1, sandbox: 'none' });
  });
  afterAll(async () => {
    await pool.close();
    await unsandboxedPool.close();
  });

  it('leaks nothing from one execution to the next: globals, builtins and module state are gone', async () => {
    const script = [
      'import builtins, json',
      'found = {"global": globals().get("LEAK"), "builtin": getattr(builtins, "LEAK", None), "module": getattr(json, "LEAK", None)}',
      'LEAK = builtins.LEAK = json.LEAK = "run " + str(data)',
      'return found',
    ].join('\n');
    const graph = (n: number) => ({ processes: { py: pythonNode(script) }, connections: fed('py', [n]) });
    const first = await runWarm(pool, 'bwrap', graph(1), { out: { node: 'py', port: 'result-out' } });
    const second = await runWarm(pool, 'bwrap', graph(2), { out: { node: 'py', port: 'result-out' } });
    expect(first.received.out).toEqual([{ global: null, builtin: null, module: null }]);
    expect(second.received.out).toEqual([{ global: null, builtin: null, module: null }]);
  });

  it("reuses the run's interpreter, giving each firing fresh globals, its own environment, an empty /tmp and no process of an earlier firing", async () => {
    const script = [
      'import os, subprocess, sys',
      'sys.firings = getattr(sys, "firings", 0) + 1',
      'seen = {"firing": sys.firings, "global": globals().get("MINE"), "tmp": sorted(os.listdir("/tmp")), "added": os.environ.get("ADDED"), "granted": os.environ.get("GRANTED"), "cwd": os.getcwd()}',
      'seen["processes"] = sorted(int(p) for p in os.listdir("/proc") if p.isdigit() and open(f"/proc/{p}/stat").read().split(") ")[1][0] != "Z")',
      'MINE = True',
      'os.environ["ADDED"] = "by an earlier firing"',
      'del os.environ["GRANTED"]',
      'open("/tmp/left-behind", "w").write("x")',
      'os.chdir("/")',
      'subprocess.Popen(["sleep", "60"], start_new_session=True)',
      'return seen',
    ].join('\n');
    const { result, received } = await runWarm(
      pool,
      'bwrap',
      { processes: { py: pythonNode(script, { environment: { GRANTED: 'yes' } }) }, connections: fed('py', [1, 2, 3]) },
      { out: { node: 'py', port: 'result-out' } },
    );
    expect(result.success).toBe(true);
    const own = { global: null, tmp: [], added: null, granted: 'yes', cwd: '/tmp', processes: [1, 2] };
    expect(received.out).toEqual([1, 2, 3].map((firing) => ({ firing, ...own })));
  });

  it("kills a timed-out or out-of-memory firing's interpreter, and the run's next firing gets a fresh one", async () => {
    const script = [
      'import sys, time',
      'sys.firings = getattr(sys, "firings", 0) + 1',
      'if data == "sleep":',
      '    time.sleep(30)',
      'if data == "grow":',
      '    keep = []',
      '    while True:',
      '        keep.append(" " * 10**6)',
      'return sys.firings',
    ].join('\n');
    const { received } = await runWarm(
      pool,
      'bwrap',
      { processes: { py: pythonNode(script, { timeout: 1000, memoryLimit: 64 }) }, connections: fed('py', ['count', 'sleep', 'count', 'grow', 'count']) },
      { out: { node: 'py', port: 'result-out' }, errors: { node: 'py', port: 'error-out' } },
    );
    expect(received.out).toEqual([1, 1, 1]);
    expect((received.errors as { message: string }[]).map((error) => error.message)).toEqual([
      'Python script timed out after 1000 ms',
      'Python script exceeded its memory limit of 64 MB',
    ]);
  });

  it('gives two Python nodes firing at once interpreters of their own, and kills every interpreter of the run when it ends', async () => {
    const script = 'import os, time\ntime.sleep(0.3)\nreturn os.getpid()';
    const { received } = await runWarm(
      unsandboxedPool,
      'none',
      { processes: { a: pythonNode(script), b: pythonNode(script) } },
      { fromA: { node: 'a', port: 'result-out' }, fromB: { node: 'b', port: 'result-out' } },
    );
    const pids = [...(received.fromA as number[]), ...(received.fromB as number[])];
    expect(pids).toHaveLength(2);
    expect(new Set(pids).size).toBe(2);
    expect(pids.filter(isAlive)).toEqual([]);
  });

  it('refills in the background after a take, and kills its spares when closed', async () => {
    const own = createPythonInterpreterPool({ size: 2 });
    try {
      await waitFor(() => own.spareCount === 2, { what: 'the pool to hold two spares', timeoutMs: 10_000, intervalMs: 20 });
      const taken = own.take({ pythonBinary: 'python3', memoryLimitMb: 256, sandbox: { mode: 'bwrap', network: false } });
      expect(own.spareCount).toBe(1);
      await waitFor(() => own.spareCount === 2, { what: 'the pool to hold two spares', timeoutMs: 10_000, intervalMs: 20 });
      // A firing that asks for the network never takes a spare.
      const networked = own.take({ pythonBinary: 'python3', memoryLimitMb: 256, sandbox: { mode: 'bwrap', network: true } });
      expect(own.spareCount).toBe(2);
      await Promise.all([taken.kill(), networked.kill()]);
    } finally {
      await own.close();
    }
    expect(own.spareCount).toBe(0);
  });
});
