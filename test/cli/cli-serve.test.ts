import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, startCli } from '../support/cli-process';
import { waitFor } from '../support/wait-for';

/** `wes serve` is the service as `npm start` runs it: same options, same start-up and shutdown. */
describe('wes serve', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'wes-serve-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('listens with the given options, runs workflows, and stops with exit code 0 on SIGTERM', async () => {
    const serve = startCli(['serve', '--port', '0', '--bind-address', '127.0.0.1', '--data-dir', dataDir, '--log-level', 'info']);
    try {
      await waitFor(() => /http:\/\/127\.0\.0\.1:\d+/.test(serve.stdout()), { what: 'the service to listen', timeoutMs: 20_000, intervalMs: 50 });
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(serve.stdout())![0];
      expect((await fetch(`${url}/health`)).status).toBe(200);
      const run = await runCli(['run', 'test/fixtures/noflo/scaled-sum.json', '--url', url, '--quiet', '-i', 'a=1', '-i', 'b=2']);
      expect(run).toMatchObject({ code: 0, stderr: '' });
      expect(JSON.parse(run.stdout)).toEqual({ total: 30 });
      serve.child.kill('SIGTERM');
      const ended = await serve.done;
      expect(ended.code).toBe(0);
      expect(ended.stdout).toContain('Stopped');
    } finally {
      serve.child.kill('SIGKILL');
    }
  });

  it('passes --help to the service, which lists its own options', async () => {
    const help = await runCli(['serve', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--bind-address');
    expect(help.stdout).toContain('ENGINE_BIND_ADDRESS');
  });

  it('exits 2 naming the setting when the configuration is invalid', async () => {
    const refused = await runCli(['serve', '--port', 'eighty']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("Invalid configuration: 'port'");
  });
});
