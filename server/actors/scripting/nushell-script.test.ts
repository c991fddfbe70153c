import { mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type ActorLogEntry, type AnyActorDefinition, type JsonValue } from '../../engine';
import { runFlow } from '../../../test/support/kits';
import { createNushellScriptActor } from './nushell-script';

/** The folder of the official Nushell build installed from npm, put on the PATH the actor searches. */
const NU_FOLDER = join(dirname(require.resolve('@nushell/linux-x64/package.json')), 'bin');

let scratch: string;
let filesDir: string;
let actor: AnyActorDefinition;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'nushell-test-'));
  filesDir = join(scratch, 'files');
  mkdirSync(join(filesDir, 'reports'), { recursive: true });
  writeFileSync(join(filesDir, 'reports', 'sales.csv'), 'region,amount\nnorth,3\nsouth,4\n');
  actor = createNushellScriptActor({ searchPath: `/nonexistent:${NU_FOLDER}`, filesDir });
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs one NuShell node fed with the given packets, collecting its result and errors. */
function runNu(
  config: Record<string, JsonValue>,
  packets: { data?: JsonValue; args?: JsonValue } = {},
  node = actor,
  options: Parameters<typeof runFlow>[2] = {},
) {
  const connections: JsonValue[] = [];
  if (packets.data !== undefined) connections.push({ data: packets.data, tgt: { process: 'nu', port: 'data-in' } });
  if (packets.args !== undefined) connections.push({ data: packets.args, tgt: { process: 'nu', port: 'args-in' } });
  return runFlow(
    [node],
    { processes: { nu: { component: 'tpl_nushell_script', metadata: { config } } }, connections, collect: ['nu.result-out', 'nu.error-out'] },
    options,
  );
}

/** The processes whose command line holds `marker`: a script's `nu` while it runs. */
function processesWith(marker: string): string[] {
  return readdirSync('/proc').filter((pid) => {
    try {
      return /^\d+$/.test(pid) && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker);
    } catch {
      return false;
    }
  });
}

describe('tpl_nushell_script', () => {
  it('transforms the structured data-in with the args-in list as $args, keeping their JSON types', async () => {
    const script = '$in.items | where price > $args.1 | each {|it| {name: $it.name, total: ($it.price * 2), tag: $args.0, same: ($data.items | length)} }';
    const { received } = await runNu(
      { script },
      {
        data: {
          items: [
            { name: 'a', price: 2 },
            { name: 'b', price: 5 },
          ],
        },
        args: ['sale', 3],
      },
    );
    expect(received).toEqual({ 'nu.result-out': [[{ name: 'b', total: 10, tag: 'sale', same: 2 }]] });
  });

  it('keeps what the script prints as log lines apart from its result, and sends nothing for a null result', async () => {
    const logs: ActorLogEntry[] = [];
    const { received } = await runNu({ script: 'print $"got ($in)"\nnull' }, { data: 'hello' }, actor, { log: (entry) => logs.push(entry) });
    expect(received).toEqual({});
    expect(logs.map((entry) => entry.message)).toContain('got hello');
  });

  it("routes a script error to error-out with Nushell's reason and exit code", async () => {
    const { result, received } = await runNu({ script: 'error make {msg: "the input has no price"}' }, { data: {} });
    expect(result.success).toBe(true);
    expect(received['nu.error-out']).toEqual([
      expect.objectContaining({ message: 'Nushell script failed: the input has no price', kind: 'error', exitCode: 1, node_id: 'nu' }),
    ]);
  });

  it('stops a script that runs past its timeout, leaving no process behind', async () => {
    const started = Date.now();
    const { received } = await runNu({ script: '# timeout-marker\nsleep 20sec; 1', timeout: 500 });
    expect(received['nu.error-out']).toEqual([expect.objectContaining({ message: 'Nushell script timed out after 500 ms', kind: 'timeout' })]);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(processesWith('timeout-marker')).toEqual([]);
  });

  it('kills the script when the run is cancelled', async () => {
    const controller = new AbortController();
    let running: string[] = [];
    setTimeout(() => {
      running = processesWith('cancel-marker');
      controller.abort();
    }, 500);
    const started = Date.now();
    const { result, received } = await runNu({ script: '# cancel-marker\nsleep 20sec; 1' }, {}, actor, { signal: controller.signal });
    expect(result.success).toBe(false);
    expect(received['nu.result-out']).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(running.length).toBeGreaterThan(0);
    expect(processesWith('cancel-marker')).toEqual([]);
  });

  it('refuses a graph before the run when nu is not on the PATH, or not at the configured path, naming the binary', async () => {
    const withoutNu = createNushellScriptActor({ searchPath: '/usr/bin:/bin' });
    await expect(runNu({ script: '1' }, {}, withoutNu)).rejects.toThrow(
      /config: NuShell scripts cannot run here: the Nushell binary 'nu' is not on the service's PATH/,
    );
    const wrongPath = createNushellScriptActor({ nuBinary: join(scratch, 'missing', 'nu') });
    await expect(runNu({ script: '1' }, {}, wrongPath)).rejects.toThrow(/the Nushell binary '.*missing\/nu' is not at /);
  });

  it('runs with the binary given by its path', async () => {
    const byPath = createNushellScriptActor({ nuBinary: join(NU_FOLDER, 'nu'), searchPath: '' });
    const { received } = await runNu({ script: '[1 2 3] | math sum' }, {}, byPath);
    expect(received).toEqual({ 'nu.result-out': [6] });
  });

  it('works in a working directory under files_dir, which it can read but not write', async () => {
    const { received } = await runNu({ script: 'open sales.csv | get amount | math sum', workingDirectory: 'reports' });
    expect(received).toEqual({ 'nu.result-out': [7] });
    const written = await runNu({ script: '"x" | save out.txt; 1', workingDirectory: 'reports' });
    expect(written.received['nu.error-out']).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/^Nushell script failed: .*(Read-only|read-only|Permission denied)/) }),
    ]);
  });

  it('runs without the sandbox when the operator chose none, in the working directory itself', async () => {
    const unsandboxed = createNushellScriptActor({ searchPath: NU_FOLDER, filesDir, sandbox: 'none' });
    const { received } = await runNu({ script: '{ cwd: (pwd), home: $env.HOME }', workingDirectory: 'reports' }, {}, unsandboxed);
    expect(received).toEqual({
      'nu.result-out': [{ cwd: realpathSync(join(filesDir, 'reports')), home: expect.stringContaining(join(tmpdir(), 'nushell-script-')) }],
    });
  });

  it('refuses a working directory outside files_dir, and any when the server has no files_dir', async () => {
    const outside = await runNu({ script: '1', workingDirectory: '../' });
    expect(outside.received['nu.error-out']).toEqual([
      expect.objectContaining({ message: "workingDirectory '../' is outside the allowed directory (files_dir)" }),
    ]);
    const noFiles = createNushellScriptActor({ searchPath: NU_FOLDER });
    await expect(runNu({ script: '1', workingDirectory: 'reports' }, {}, noFiles)).rejects.toThrow(/config 'workingDirectory': needs the server's files_dir/);
  });

  it('sees no file of the host outside the system directories, and no network', async () => {
    const script = `{ passwd: ('/etc/passwd' | path exists), project: ('${process.cwd()}' | path exists), net: (try { http get http://127.0.0.1:9/ ; 'reached' } catch { 'unreachable' }) }`;
    const { received } = await runNu({ script });
    expect(received).toEqual({ 'nu.result-out': [{ passwd: false, project: false, net: 'unreachable' }] });
  });

  it('fails a script that passes the memory limit with a memory error', async () => {
    const small = createNushellScriptActor({ searchPath: NU_FOLDER, maxMemoryMb: 128 });
    const { received } = await runNu(
      { script: '0..5000000 | each {|x| {a: $x, b: "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"} } | collect | length' },
      {},
      small,
    );
    expect(received['nu.error-out']).toEqual([expect.objectContaining({ message: 'Nushell script exceeded its memory limit of 128 MB', kind: 'memory' })]);
  });
});
