import type IsolatedVm from 'isolated-vm';
import { IsolatePool } from './isolate-pool';
import { createSandboxRunner, disposeSandboxIsolates, runInSandbox } from './run-in-sandbox';
import { type SandboxOutcome } from './sandbox-outcome';
import { waitFor } from '../../../test/support/wait-for';

function run(code: string, timeoutMs = 2000, signal?: AbortSignal): Promise<SandboxOutcome> {
  return runInSandbox({ code, globals: {}, timeoutMs, memoryLimitMb: 32, timers: true, signal });
}

/** The host timers of this process, to show that a call leaves none behind. */
function hostTimers(): number {
  return process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
}

/** A runner whose isolates the test can see, to show that a stopped call's isolate, timers included, is gone. */
function watchedRunner(): { runner: ReturnType<typeof createSandboxRunner>; isolates: IsolatedVm.Isolate[] } {
  const pool = new IsolatePool();
  const isolates: IsolatedVm.Isolate[] = [];
  const acquire = pool.acquire.bind(pool);
  pool.acquire = (memoryLimitMb) => {
    const pooled = acquire(memoryLimitMb);
    isolates.push(pooled.isolate);
    return pooled;
  };
  return { runner: createSandboxRunner({ pool }), isolates };
}

afterAll(() => disposeSandboxIsolates());

describe('sandbox timers', () => {
  it('runs timer callbacks in the isolate, by due time and then in the order they were set, with their arguments', async () => {
    const code = [
      'const order = [];',
      'setTimeout(() => order.push("late"), 30);',
      'setTimeout((a, b) => order.push(a + b), 10, "fir", "st");',
      'setTimeout(() => order.push("same due, set first"), 20);',
      'setTimeout(() => order.push("same due, set second"), 20);',
      'setTimeout(() => Promise.resolve().then(() => order.push("microtask of the first")), 10);',
      'return new Promise((resolve) => setTimeout(() => resolve(order), 40));',
    ].join('\n');
    expect(await run(code)).toEqual({
      ok: true,
      value: ['first', 'microtask of the first', 'same due, set first', 'same due, set second', 'late'],
      outputs: [],
      logs: [],
    });
  });

  it('cancels a timer with clearTimeout, and an interval with clearInterval from its own callback', async () => {
    const code = [
      'const seen = [];',
      'const dropped = setTimeout(() => seen.push("dropped"), 5);',
      'clearTimeout(dropped);',
      'clearTimeout(undefined); clearTimeout(12345);',
      'return new Promise((resolve) => {',
      '  let ticks = 0;',
      '  const id = setInterval(() => { ticks++; if (ticks === 3) { clearInterval(id); setTimeout(() => resolve({ seen, ticks }), 20); } }, 5);',
      '});',
    ].join('\n');
    expect(await run(code)).toMatchObject({ ok: true, value: { seen: [], ticks: 3 } });
  });

  it('ends a call as soon as its value is ready, so timers still pending never run', async () => {
    const started = Date.now();
    expect(await run('setTimeout(() => { while (true) {} }, 10); return Promise.resolve(5);')).toMatchObject({ ok: true, value: 5 });
    expect(await run('setTimeout(() => { while (true) {} }, 10); return 6;')).toMatchObject({ ok: true, value: 6 });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('fails the call with the error a timer callback throws', async () => {
    expect(await run('console.log("before"); return new Promise(() => setTimeout(() => { throw new RangeError("late failure"); }, 5));')).toEqual({
      ok: false,
      kind: 'error',
      error: 'RangeError: late failure',
      logs: ['before'],
    });
  });

  it('refuses a callback that is not a function', async () => {
    expect(await run('setTimeout("return 1", 5)')).toMatchObject({ ok: false, error: 'TypeError: The timer callback must be a function' });
  });

  it('fails a promise that no pending timer can settle any more at once', async () => {
    const started = Date.now();
    expect(await run('setTimeout(() => {}, 5); return new Promise(() => {});', 20_000)).toMatchObject({
      ok: false,
      kind: 'error',
      error: 'the script returned a promise that never settled',
    });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('times a call out when timers keep it alive past its timeout, and leaves no timer behind', async () => {
    const { runner, isolates } = watchedRunner();
    const before = hostTimers();
    const started = Date.now();
    const outcome = await runner.run({
      code: 'console.log("ticking"); return new Promise(() => { const tick = () => setTimeout(tick, 5); tick(); });',
      globals: {},
      timeoutMs: 300,
      memoryLimitMb: 32,
      timers: true,
    });
    expect(outcome).toEqual({ ok: false, kind: 'timeout', error: 'Script timed out after 300 ms', logs: ['ticking'] });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(isolates.map((isolate) => isolate.isDisposed)).toEqual([true]);
    // The count is the whole process's: a timer of the test framework or of the pool may start or end during the
    // call, so the count must come back to where it was; a timer the call left would tick on and keep it above.
    await waitFor(() => hostTimers() <= before, { what: `the host timers to be back to ${before}`, timeoutMs: 3000 });
    runner.dispose();
  });

  it('times a call out at its timeout when its next timer is due later', async () => {
    const started = Date.now();
    expect(await run('return new Promise((resolve) => setTimeout(resolve, 60000));', 200)).toMatchObject({ ok: false, kind: 'timeout' });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('stops pending timers at once when the call is cancelled, and leaves no timer behind', async () => {
    const { runner, isolates } = watchedRunner();
    const before = hostTimers();
    const controller = new AbortController();
    const pending = runner.run({
      code: 'return new Promise((resolve) => { setTimeout(() => { while (true) {} }, 150); setTimeout(resolve, 10000); });',
      globals: {},
      timeoutMs: 30_000,
      memoryLimitMb: 32,
      timers: true,
      signal: controller.signal,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const aborted = Date.now();
    controller.abort();
    expect(await pending).toEqual({ ok: false, kind: 'cancelled', error: 'Script cancelled', logs: [] });
    expect(Date.now() - aborted).toBeLessThan(100);
    expect(isolates.map((isolate) => isolate.isDisposed)).toEqual([true]);
    // As above, the count is the whole process's, so it must come back to where it was rather than equal it at once.
    await waitFor(() => hostTimers() <= before, { what: `the host timers to be back to ${before}`, timeoutMs: 3000 });
    runner.dispose();
  });

  it('gives its place to another call while it waits for a timer', async () => {
    const runner = createSandboxRunner({ maxConcurrent: 1 });
    const sleeper = runner.run({
      code: 'return new Promise((resolve) => setTimeout(() => resolve("slept"), 300));',
      globals: {},
      timeoutMs: 5000,
      memoryLimitMb: 32,
      timers: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    expect(await runner.run({ code: 'return 1', globals: {}, timeoutMs: 1000, memoryLimitMb: 32 })).toMatchObject({ ok: true, value: 1 });
    expect(Date.now() - started).toBeLessThan(200);
    expect(await sleeper).toMatchObject({ ok: true, value: 'slept' });
    runner.dispose();
  });

  it('offers no timers to a call that does not ask for them', async () => {
    expect(
      await runInSandbox({ code: 'return [typeof setTimeout, typeof setInterval, typeof clearTimeout]', globals: {}, timeoutMs: 1000, memoryLimitMb: 32 }),
    ).toMatchObject({
      value: ['undefined', 'undefined', 'undefined'],
    });
  });
});
