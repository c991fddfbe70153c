import { IsolatePool } from './isolate-pool';
import { createSandboxRunner } from './run-in-sandbox';

describe('IsolatePool', () => {
  it('reuses an isolate for the next call but gives it a fresh context, so no state leaks', async () => {
    const pool = new IsolatePool({ maxIdlePerLimit: 1 });
    const runner = createSandboxRunner({ pool });
    const polluting = [
      'globalThis.leak = "secret";',
      'Object.prototype.polluted = true;',
      'Array.prototype.push = null;',
      'JSON.stringify = () => "forged";',
      'console.log = null;',
      'return 1;',
    ].join('\n');
    expect(await runner.run({ code: polluting, globals: { input: 'first' }, timeoutMs: 2000, memoryLimitMb: 32 })).toMatchObject({ ok: true, value: 1 });
    const probe = 'return [typeof leak, typeof ({}).polluted, typeof [].push, JSON.stringify(1), typeof console.log, typeof input];';
    expect(await runner.run({ code: probe, globals: {}, timeoutMs: 2000, memoryLimitMb: 32 })).toMatchObject({
      ok: true,
      value: ['undefined', 'undefined', 'function', '1', 'function', 'undefined'],
    });
    expect(pool.createdCount).toBe(1);
    runner.dispose();
    expect(pool.idleCount).toBe(0);
  });

  it('disposes an isolate after a timeout, an out-of-memory or a cancel instead of reusing it', async () => {
    const pool = new IsolatePool();
    const runner = createSandboxRunner({ pool });
    expect(await runner.run({ code: 'while (true) {}', globals: {}, timeoutMs: 100, memoryLimitMb: 32 })).toMatchObject({ kind: 'timeout' });
    expect(pool.idleCount).toBe(0);
    const bomb = 'const keep = []; while (true) keep.push(new Array(100000).fill(1.5));';
    expect(await runner.run({ code: bomb, globals: {}, timeoutMs: 20_000, memoryLimitMb: 32 })).toMatchObject({ kind: 'memory' });
    expect(pool.idleCount).toBe(0);
    const controller = new AbortController();
    const cancelled = runner.run({ code: 'while (true) {}', globals: {}, timeoutMs: 20_000, memoryLimitMb: 32, signal: controller.signal });
    setImmediate(() => controller.abort());
    expect(await cancelled).toMatchObject({ kind: 'cancelled' });
    expect(pool.idleCount).toBe(0);
    expect(await runner.run({ code: 'throw new Error("plain failure")', globals: {}, timeoutMs: 1000, memoryLimitMb: 32 })).toMatchObject({ kind: 'error' });
    expect(pool.idleCount).toBe(1);
    runner.dispose();
  });

  it('keeps separate isolates per memory limit and no more idle ones than allowed', async () => {
    const pool = new IsolatePool({ maxIdlePerLimit: 1 });
    const runner = createSandboxRunner({ pool });
    await Promise.all([16, 16, 32].map((memoryLimitMb) => runner.run({ code: 'return 1', globals: {}, timeoutMs: 2000, memoryLimitMb })));
    expect(pool.createdCount).toBe(3);
    expect(pool.idleCount).toBe(2);
    runner.dispose();
  });

  it('retires an isolate after its allowed number of calls', async () => {
    const pool = new IsolatePool({ maxUsesPerIsolate: 2 });
    const runner = createSandboxRunner({ pool });
    for (let i = 0; i < 5; i++) await runner.run({ code: 'return 1', globals: {}, timeoutMs: 2000, memoryLimitMb: 16 });
    expect(pool.createdCount).toBe(3);
    runner.dispose();
  });
});
