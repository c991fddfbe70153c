import { readFileSync, readdirSync } from 'node:fs';
import { type TestApp, startTestApp } from './support/test-app';
import { waitFor } from './support/wait-for';

/** This process's children that run the warm interpreters' loop harness (bubblewrap carries its command line). */
function warmInterpreters(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return fields[0] !== 'Z' && Number(fields[1]) === process.pid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('def serve():');
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** A graph of one Python node that reports whether an earlier execution left a global behind, then leaves one. */
const leakProbe = {
  properties: { name: 'leak-probe' },
  processes: {
    py: {
      component: 'tpl_python_script',
      metadata: { config: { script: 'import builtins\nseen = getattr(builtins, "EARLIER", None)\nbuiltins.EARLIER = data\nreturn seen' } },
    },
  },
  inports: { x: { process: 'py', port: 'data-in' } },
  outports: { seen: { process: 'py', port: 'result-out' } },
};

describe('the warm Python interpreters of a server', () => {
  let app: TestApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('keeps python_pool_size interpreters ready, gives each execution its own, and kills the spares when the services close', async () => {
    app = await startTestApp({ config: { python_pool_size: 1 } });
    await waitFor(() => warmInterpreters().length === 1, { what: 'the spare to start', timeoutMs: 10_000 });
    for (const x of ['first', 'second']) {
      const { data } = await app.client.startWorkflow({ graph_json: leakProbe, input: { x } });
      const execution = await app.client.waitForCompletion(data!.data.execution_id);
      expect(execution.status).toBe('completed');
      // A global set by the first execution is absent in the second: the interpreter that ran it was killed.
      expect(execution.result!.outputs).toEqual({});
    }
    await waitFor(() => warmInterpreters().length === 1, { what: 'the pool to refill, and the runs to kill theirs', timeoutMs: 10_000 });
    await app.close();
    app = undefined;
    expect(warmInterpreters()).toEqual([]);
  });

  it('starts none with python_pool_size 0', async () => {
    app = await startTestApp({ config: { python_pool_size: 0 } });
    const { data } = await app.client.startWorkflow({ graph_json: leakProbe, input: { x: 'only' } });
    expect((await app.client.waitForCompletion(data!.data.execution_id)).status).toBe('completed');
    expect(warmInterpreters()).toEqual([]);
  });
});
