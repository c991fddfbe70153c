import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, WES_BIN } from '../support/cli-process';
import { multiplyGraph } from '../support/graphs';
import { type SlowServer, startSlowServer } from '../support/slow-server';
import { waitFor } from '../support/wait-for';

/** A tmux server of this test file's own, so that no session of anyone else is touched. */
const SOCKET = `wes-progress-${process.pid}`;

const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_OPTIONS' && !name.startsWith('ENGINE_')));

function tmux(...args: string[]): string {
  const result = spawnSync('tmux', ['-L', SOCKET, ...args], { encoding: 'utf8', env });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`tmux ${args[0]} failed: ${result.stderr}`);
  return result.stdout;
}

/** Starts `wes ARGS` in a new 100x20 terminal; the exit code is printed after it ends, and the pane stays. */
function startInTerminal(session: string, args: string[]): void {
  const command = [process.execPath, '--no-node-snapshot', WES_BIN, ...args].map((word) => `'${word}'`).join(' ');
  tmux('new-session', '-d', '-s', session, '-x', '100', '-y', '20', '-c', REPO_ROOT, `${command}; echo EXIT=$?; sleep 600`);
}

const screen = (session: string) => tmux('capture-pane', '-p', '-t', session);

/** A two-node graph: a script sends one packet to an HTTP node, which then waits on the slow server. */
function twoStepGraph(url: string) {
  return {
    properties: { name: 'two-step' },
    processes: {
      start: { component: 'tpl_javascript_script', metadata: { config: { script: 'return { page: data }' } } },
      fetch: { component: 'tpl_http_request', metadata: { config: { url, method: 'GET', timeout: 60_000, retryCount: 0 } } },
    },
    connections: [
      { data: 1, tgt: { process: 'start', port: 'data-in' } },
      { src: { process: 'start', port: 'result-out' }, tgt: { process: 'fetch', port: 'data-in' } },
    ],
    outports: { response: { process: 'fetch', port: 'response-out' } },
  };
}

describe('wes run on a terminal', () => {
  let dir: string;
  let slow: SlowServer;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wes-tty-'));
    slow = await startSlowServer(60_000);
    await writeFile(join(dir, 'two-step.json'), JSON.stringify(twoStepGraph(slow.url)));
    await writeFile(join(dir, 'multiply.json'), JSON.stringify(multiplyGraph()));
  });
  afterAll(async () => {
    spawnSync('tmux', ['-L', SOCKET, 'kill-server'], { env });
    await slow.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('draws a bar of the nodes that have fired (the slow one too, as the result counts it) with the packets and the elapsed time, and Ctrl-C cancels the run and exits 130', async () => {
    startInTerminal('slow', ['run', join(dir, 'two-step.json')]);
    const bar = /^\[#{24}\] 2\/2 nodes · 1 packet · \d+:\d\d\.\d$/m;
    await waitFor(() => bar.test(screen('slow')), { what: 'the progress bar at two nodes of two', timeoutMs: 20_000, intervalMs: 100 });
    const during = screen('slow');
    expect(during).toMatch(/^Started execution [0-9a-f-]{36} \(two-step\)$/m);
    // On a terminal the bar stands for the plain lines.
    expect(during).not.toContain('Node start done');
    tmux('send-keys', '-t', 'slow', 'C-c');
    await waitFor(() => screen('slow').includes('EXIT='), { what: 'the command to end', timeoutMs: 20_000, intervalMs: 100 });
    const after = screen('slow');
    expect(after).toContain('EXIT=130');
    expect(after).toMatch(/^Cancelling the run \(Ctrl-C again to quit at once\)$/m);
    expect(after).toMatch(/^Cancelled after \d+:\d\d\.\d: 2\/2 nodes, 1 packet$/m);
    expect(after).toMatch(/^ {2}Cancelled from the command line$/m);
    expect(after).not.toMatch(/^\[[#-]+\]/m);
  });

  it('replaces the bar with how the run ended and prints the outputs below it', async () => {
    startInTerminal('quick', ['run', join(dir, 'multiply.json'), '-i', 'x=3', '-i', 'y=4.5']);
    await waitFor(() => screen('quick').includes('EXIT='), { what: 'the command to end', timeoutMs: 20_000, intervalMs: 100 });
    const after = screen('quick');
    expect(after).toContain('EXIT=0');
    expect(after).toMatch(/^Completed in \d+:\d\d\.\d: 1\/1 nodes, 0 packets\n\{\n {2}"product": 13\.5\n\}$/m);
    expect(after).not.toMatch(/^\[[#-]+\]/m);
  });
});
