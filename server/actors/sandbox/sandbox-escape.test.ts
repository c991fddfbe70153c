import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { disposeSandboxIsolates, runInSandbox } from './run-in-sandbox';
import { type SandboxOutcome } from './sandbox-outcome';

function run(code: string, timeoutMs = 2000, memoryLimitMb = 64): Promise<SandboxOutcome> {
  return runInSandbox({ code, globals: {}, timeoutMs, memoryLimitMb });
}

afterAll(() => disposeSandboxIsolates());

describe('the sandbox keeps scripts away from the host', () => {
  it.each([
    ['process.exit(1)', 'process.exit(1)', /^ReferenceError: process is not defined$/],
    ['require', "return require('fs').readFileSync('/etc/passwd', 'utf8')", /^ReferenceError: require is not defined$/],
    ['the global constructor', "return globalThis.constructor.constructor('return process')().pid", /^ReferenceError: process is not defined$/],
    ['this.constructor', "return this.constructor.constructor('return process')().env", /^ReferenceError: process is not defined$/],
    ['a dynamic import', "return import('fs').then((fs) => fs.readFileSync('/etc/passwd', 'utf8'))", /^Not supported$/],
    ['timers', 'setTimeout(() => {}, 10)', /^ReferenceError: setTimeout is not defined$/],
    ['eval of process', "return eval('process')", /^ReferenceError: process is not defined$/],
  ])('fails cleanly on %s', async (_name, code, message) => {
    const outcome = await run(code);
    expect(outcome).toMatchObject({ ok: false, kind: 'error' });
    expect(outcome.ok ? '' : outcome.error).toMatch(message);
  });

  it('lives on after a script calls process.exit', async () => {
    await run('process.exit(1)');
    expect(await run('return 1 + 1')).toMatchObject({ ok: true, value: 2 });
  });

  it('finds nothing of the host through stack frames and Error.prepareStackTrace', async () => {
    const code = [
      'Error.prepareStackTrace = (error, frames) => frames;',
      'const frames = new Error().stack;',
      'const found = [];',
      'for (const frame of frames) {',
      '  const self = frame.getThis && frame.getThis();',
      '  const fn = frame.getFunction && frame.getFunction();',
      '  for (const candidate of [self, fn]) {',
      '    try { found.push(candidate.constructor.constructor("return typeof process")()); } catch (error) { found.push("blocked"); }',
      '  }',
      '}',
      'return { frames: frames.length, found, require: typeof require, process: typeof process };',
    ].join('\n');
    const outcome = await run(code);
    expect(outcome).toMatchObject({ ok: true, value: { require: 'undefined', process: 'undefined' } });
    expect(outcome.ok && (outcome.value as { frames: number }).frames).toBeGreaterThan(0);
    const found = outcome.ok ? (outcome.value as { found: string[] }).found : [];
    expect(found.every((entry) => entry === 'undefined' || entry === 'blocked')).toBe(true);
  });

  it('offers no WebAssembly, SharedArrayBuffer or Atomics', async () => {
    expect(await run('return [typeof WebAssembly, typeof SharedArrayBuffer, typeof Atomics]')).toMatchObject({
      value: ['undefined', 'undefined', 'undefined'],
    });
  });

  describe('with a real HTTP server listening on the loopback', () => {
    let server: Server;
    let requests = 0;
    let url = '';

    beforeAll(async () => {
      server = createServer((_request, response) => {
        requests += 1;
        response.end('reached');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    });

    afterAll(async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    it('cannot reach it with fetch, XMLHttpRequest or WebSocket', async () => {
      const attempts = [
        `return fetch('${url}').then((response) => response.text())`,
        `const request = new XMLHttpRequest(); request.open('GET', '${url}'); request.send(); return 1;`,
        `new WebSocket('${url.replace('http', 'ws')}'); return 1;`,
      ];
      for (const code of attempts) expect(await run(code)).toMatchObject({ ok: false, kind: 'error', error: expect.stringMatching(/is not defined/) });
      // Give any request that did leave a moment to land before counting.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(requests).toBe(0);
    });
  });

  it('ends an endless loop at its timeout as a timeout', async () => {
    const started = Date.now();
    const outcome = await run('console.log("looping"); while (true) {}', 300);
    expect(outcome).toEqual({ ok: false, kind: 'timeout', error: 'Script timed out after 300 ms', logs: ['looping'] });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('ends an endless loop in a promise callback at its timeout too', async () => {
    expect(await run('return Promise.resolve().then(() => { while (true) {} })', 300)).toMatchObject({ ok: false, kind: 'timeout' });
  });

  it('ends a growing array at its memory limit, leaving the host heap alone', async () => {
    const before = process.memoryUsage().heapUsed;
    const outcome = await run('const keep = []; while (true) keep.push(new Array(100000).fill(Math.random()));', 20_000, 32);
    expect(outcome).toEqual({ ok: false, kind: 'memory', error: 'Script exceeded its memory limit of 32 MB', logs: [] });
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(24 * 1024 * 1024);
    expect(await run('return "still here"')).toMatchObject({ ok: true, value: 'still here' });
  });

  it('ends a growing string at its memory limit', async () => {
    const outcome = await run('const parts = []; let s = "x"; while (true) { s = s + Math.random(); parts.push(s); }', 20_000, 32);
    expect(outcome).toMatchObject({ ok: false, kind: 'memory' });
  });
});
