import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type JsonObject, type JsonValue } from '../../server/engine';
import { createPythonScriptActor } from '../../server/actors';
import { runNode } from '../support/kits';

const sandboxed = createPythonScriptActor();

async function python(script: string, data: JsonValue = null, config: JsonObject = {}, actor = sandboxed): Promise<{ value?: JsonValue; error?: string }> {
  const { packets, result } = await runNode(actor, { config: { script, timeout: 20_000, ...config }, packets: [['data-in', data]], exportErrors: true });
  const failure = packets['error-out']?.[0] as { message?: string } | undefined;
  return failure ? { error: failure.message } : { value: packets['result-out']?.[0] ?? result.errors[0]?.message ?? null };
}

/** Host processes whose command line holds `marker`. */
function hostProcessesWith(marker: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker);
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe('the Python sandbox', () => {
  let scratch: string;
  let server: Server;
  let port: number;
  let connections = 0;
  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'sandbox-test-'));
    writeFileSync(join(scratch, 'executions.db'), 'private data of other executions');
    server = createServer((socket) => {
      connections += 1;
      socket.end('hello');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(async () => {
    rmSync(scratch, { recursive: true, force: true });
    await new Promise((resolve) => server.close(resolve));
  });

  it("cannot read the server's environment or command line through /proc", async () => {
    process.env.SECRET_SANDBOX_PROBE = 'the-server-secret-value';
    try {
      const script = [
        'import os',
        'found = []',
        'for pid in os.listdir("/proc"):',
        '    if pid.isdigit():',
        '        for name in ("environ", "cmdline"):',
        '            try:',
        '                found.append(open(f"/proc/{pid}/{name}", "rb").read().decode("latin1"))',
        '            except Exception:',
        '                pass',
        'return {"pids": sorted(int(p) for p in os.listdir("/proc") if p.isdigit()), "text": " ".join(found)}',
      ].join('\n');
      const { value } = await python(script);
      const seen = value as { pids: number[]; text: string };
      expect(seen.text).not.toContain('the-server-secret-value');
      expect(seen.text).not.toContain('jest');
      expect(seen.pids.every((pid) => pid < 10)).toBe(true);
    } finally {
      delete process.env.SECRET_SANDBOX_PROBE;
    }
  });

  it('cannot read the data directory, the project or any file outside the system directories', async () => {
    const script = [
      'out = {}',
      'for path in data:',
      '    try:',
      '        open(path).read()',
      '        out[path] = "read"',
      '    except Exception as error:',
      '        out[path] = type(error).__name__',
      'return out',
    ].join('\n');
    const paths = [join(scratch, 'executions.db'), join(process.cwd(), 'package.json'), '/etc/passwd', '/root/.bashrc'];
    const { value } = await python(script, paths);
    expect(Object.values(value as JsonObject).every((outcome) => outcome !== 'read')).toBe(true);
  });

  it('can write only to its own private /tmp, which the host never sees', async () => {
    const marker = `sandbox-write-${process.pid}-${Date.now()}`;
    const script = [
      'out = {}',
      `for path in ["/usr/${marker}", "/${marker}", "/etc/${marker}", "/tmp/${marker}"]:`,
      '    try:',
      '        open(path, "w").write("x")',
      '        out[path] = "written"',
      '    except Exception as error:',
      '        out[path] = type(error).__name__',
      'return out',
    ].join('\n');
    const { value } = await python(script);
    const outcomes = value as Record<string, string>;
    expect(outcomes[`/tmp/${marker}`]).toBe('written');
    expect(
      Object.entries(outcomes)
        .filter(([path]) => !path.startsWith('/tmp/'))
        .every(([, outcome]) => outcome !== 'written'),
    ).toBe(true);
    expect([`/tmp/${marker}`, `/etc/${marker}`, `/${marker}`].filter((path) => existsSync(path))).toEqual([]);
  });

  it('has no network unless the node asks for it and the server allows it', async () => {
    const connect = `import socket\ntry:\n    socket.create_connection(("127.0.0.1", ${port}), timeout=2).recv(5)\n    return "connected"\nexcept OSError as error:\n    return type(error).__name__`;
    const before = connections;
    expect((await python(connect)).value).not.toBe('connected');
    expect(connections).toBe(before);
    expect((await python(connect, null, { allowNetwork: true })).error).toMatch(/python_allow_network is off/);
    const networked = createPythonScriptActor({ allowNetwork: true });
    expect((await python(connect, null, { allowNetwork: true }, networked)).value).toBe('connected');
    expect(connections).toBe(before + 1);
  });

  it('cannot signal the server, and no process it starts outlives its firing', async () => {
    const marker = `sandbox-survivor-${process.pid}-${Date.now()}`;
    const script = [
      'import os, signal, subprocess, sys',
      `subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)", "${marker}"], start_new_session=True)`,
      'try:',
      '    os.kill(data, signal.SIGKILL)',
      '    return "killed"',
      'except Exception as error:',
      '    return type(error).__name__',
    ].join('\n');
    expect((await python(script, process.pid)).value).toBe('ProcessLookupError');
    const deadline = Date.now() + 5000;
    while (hostProcessesWith(marker).length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(hostProcessesWith(marker)).toEqual([]);
  });

  it('sees only the environment its node grants', async () => {
    const { value } = await python('import os\nreturn {k: os.environ[k] for k in sorted(os.environ)}', null, { environment: { API_KEY: 'granted' } });
    expect(Object.keys(value as JsonObject)).toEqual(['API_KEY', 'HOME', 'LANG', 'LC_ALL', 'PATH', 'PWD', 'TMPDIR']);
    expect((value as JsonObject).API_KEY).toBe('granted');
  });
});
