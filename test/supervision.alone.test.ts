import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor } from './support/wait-for';

const root = join(__dirname, '..');

/** The environment a supervisor gives `npm start`: the test runner's npm and node settings left out. */
function supervisorEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('ENGINE_') && !name.startsWith('npm_')));
  delete env.NODE_OPTIONS;
  return env;
}

/** Whether something accepts connections on a loopback port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Whether a process of this id is still there. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

// Run on its own after the other test files: `npm start` builds dist/ (the client's build included) when it is
// stale, which must not race the tests that pack the client.
// A supervisor (systemd, pm2, `timeout`, a CI job's `kill $!`) signals the process it started, npm, and nothing else.
describe('npm start under a supervisor', () => {
  let dataDir: string;
  const started: ChildProcess[] = [];
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'engine-supervised-'));
    // The check npm start runs first, run here once: a stale dist/ is built before any start is timed.
    execFileSync(process.execPath, [join(root, 'scripts', 'ensure-build.cjs')], { cwd: root, env: supervisorEnv(), stdio: 'ignore', timeout: 600_000 });
  }, 610_000);
  afterAll(async () => {
    // A start that failed the test is stopped as a supervisor would, then killed: SIGKILL alone would orphan the server.
    for (const child of started) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      child.kill('SIGTERM');
      await Promise.race([exited(child), new Promise((resolve) => setTimeout(resolve, 15_000))]);
      child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  }, 40_000);

  /** Starts `npm start` (building dist/ first when it is stale) and resolves with the port and the log read so far. */
  async function npmStart(): Promise<{ npm: ChildProcess; port: number; log: () => string }> {
    const npm = spawn('npm', ['start', '--silent', '--', '--port', '0', '--bind-address', '127.0.0.1', '--data-dir', dataDir, '--log-format', 'json'], {
      cwd: root,
      env: supervisorEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.push(npm);
    let out = '';
    npm.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    npm.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await waitFor(() => /listening on http:\/\/127\.0\.0\.1:\d+/.test(out) || npm.exitCode !== null, {
      what: 'npm start to listen',
      timeoutMs: 60_000,
      intervalMs: 100,
    });
    const port = Number(/listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out)?.[1]);
    expect(port).toBeGreaterThan(0);
    return { npm, port, log: () => out };
  }

  it.each(['SIGTERM', 'SIGINT'] as const)(
    'drains and exits when %s reaches the npm process alone, leaving nothing on the port',
    async (signal) => {
      const { npm, port, log } = await npmStart();
      expect(await listening(port)).toBe(true);
      npm.kill(signal);
      await exited(npm);
      await waitFor(async () => !(await listening(port)), { what: `port ${port} to be released`, timeoutMs: 20_000, intervalMs: 100 });
      expect(log()).toContain(`"signal":"${signal}","grace_ms"`);
      expect(log()).toMatch(new RegExp(`"signal":"${signal}","msg":"Stopped"`));
    },
    100_000,
  );
});

describe('the build check of npm start, stopped while it builds', () => {
  let tree: string;
  beforeAll(() => {
    tree = mkdtempSync(join(tmpdir(), 'engine-stopped-build-'));
    mkdirSync(join(tree, 'server'));
    writeFileSync(join(tree, 'server', 'main.ts'), '');
    writeFileSync(join(tree, 'tsconfig.build.json'), JSON.stringify({ include: ['server'] }));
    // A build that only records its process and waits: long enough to be stopped halfway.
    const build = "node -e \"require('fs').writeFileSync('build.pid', String(process.pid)); setTimeout(() => {}, 60000)\"";
    writeFileSync(join(tree, 'package.json'), JSON.stringify({ name: 'stopped-build', private: true, scripts: { build } }));
  });
  afterAll(() => rmSync(tree, { recursive: true, force: true }));

  it('ends the build when the shell of npm start goes away, as it does when npm is signalled', async () => {
    const shell = spawn('sh', ['-c', `node ${join(root, 'scripts', 'ensure-build.cjs')} --root ${tree} && exec sleep 60`], {
      cwd: tree,
      env: supervisorEnv(),
      stdio: 'ignore',
    });
    let buildPid = 0;
    await waitFor(
      () => {
        try {
          buildPid = Number(readFileSync(join(tree, 'build.pid'), 'utf8'));
        } catch {
          return false;
        }
        return buildPid > 0;
      },
      { what: 'the build to start', timeoutMs: 30_000, intervalMs: 50 },
    );
    shell.kill('SIGTERM');
    await exited(shell);
    await waitFor(() => !alive(buildPid), { what: 'the build to end', timeoutMs: 10_000, intervalMs: 50 });
    expect(alive(buildPid)).toBe(false);
  }, 60_000);
});
