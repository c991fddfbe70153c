import { type JsonObject, JsonText } from '../../engine';
import { createSandboxRunner, disposeSandboxIsolates, runInSandbox } from './run-in-sandbox';
import { type SandboxOutcome } from './sandbox-outcome';
import { SANDBOX_LIMITS } from './sandbox-limits';

function run(code: string, globals: JsonObject = {}, extra: { timeoutMs?: number; memoryLimitMb?: number } = {}): Promise<SandboxOutcome> {
  return runInSandbox({ code, globals, timeoutMs: extra.timeoutMs ?? 2000, memoryLimitMb: extra.memoryLimitMb ?? 64 });
}

afterAll(() => disposeSandboxIsolates());

describe('runInSandbox', () => {
  it('returns the value of the body, computed from the globals', async () => {
    const outcome = await run('return { sum: a + b.c, list: b.list.map((x) => x * 2) };', { a: 1, b: { c: 2, list: [1, 2] } });
    expect(outcome).toEqual({ ok: true, value: { sum: 3, list: [2, 4] }, outputs: [], logs: [] });
  });

  it('turns undefined as a whole result into null and drops undefined object fields as JSON does', async () => {
    expect(await run('const x = 1;')).toMatchObject({ ok: true, value: null });
    expect(await run('return { a: undefined, b: [undefined, 1], d: new Date(0), n: NaN };')).toMatchObject({
      ok: true,
      value: { b: [null, 1], d: '1970-01-01T00:00:00.000Z', n: null },
    });
  });

  it('hands large values back as checked JSON text when asked, and small ones parsed', async () => {
    const code = 'const big = "x".repeat(400); send_output("big", [big]); send_output("small", 1); return { big, small: 2 };';
    const outcome = await runInSandbox({ code, globals: {}, timeoutMs: 2000, memoryLimitMb: 64, heldOutChars: 300 });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const value = outcome.value as { big: unknown; small: number };
    expect(value.big).toBeInstanceOf(JsonText);
    expect(value.big).toMatchObject({ text: `"${'x'.repeat(400)}"`, bytes: 402 });
    expect(value.small).toBe(2);
    expect(outcome.outputs[0].value).toBeInstanceOf(JsonText);
    expect(outcome.outputs[1]).toEqual({ port: 'small', value: 1 });
    expect(JSON.parse(JSON.stringify(outcome))).toEqual({
      ok: true,
      value: { big: 'x'.repeat(400), small: 2 },
      outputs: [
        { port: 'big', value: ['x'.repeat(400)] },
        { port: 'small', value: 1 },
      ],
      logs: [],
    });
    const whole = await runInSandbox({ code: 'return ["y".repeat(400)];', globals: {}, timeoutMs: 2000, memoryLimitMb: 64, heldOutChars: 300 });
    expect(whole.ok && whole.value).toMatchObject({ text: `["${'y'.repeat(400)}"]` });
  });

  it('still refuses a value over the size cap when its fields are held out', async () => {
    const runner = createSandboxRunner({ limits: { ...SANDBOX_LIMITS, maxValueChars: 1000 } });
    const outcome = await runner.run({
      code: 'return { a: "x".repeat(600), b: "y".repeat(600) };',
      globals: {},
      timeoutMs: 2000,
      memoryLimitMb: 64,
      heldOutChars: 300,
    });
    expect(outcome).toMatchObject({ ok: false, kind: 'error', error: 'the result is larger than 1000 characters of JSON' });
    runner.dispose();
  });

  it('records send_output calls in order, as copies taken at the time of the call', async () => {
    const outcome = await run('const v = { n: 1 }; send_output("a", v); v.n = 2; send_output("b", v); return "done";');
    expect(outcome).toEqual({
      ok: true,
      value: 'done',
      outputs: [
        { port: 'a', value: { n: 1 } },
        { port: 'b', value: { n: 2 } },
      ],
      logs: [],
    });
  });

  it('runs a body that defines function process(inputs, context) and calls it', async () => {
    const code =
      'function process(inputs, context) { context.send_output("out", inputs.x + 1); return "ok"; }\n' + 'return process({ x: data }, { send_output });';
    expect(await run(code, { data: 41 })).toEqual({ ok: true, value: 'ok', outputs: [{ port: 'out', value: 42 }], logs: [] });
  });

  it('waits for a returned promise, so an async function process works', async () => {
    const code = 'async function process(inputs) { await null; return inputs * 2; }\nreturn process(data);';
    expect(await run(code, { data: 21 })).toMatchObject({ ok: true, value: 42 });
  });

  it('fails a promise that can never settle instead of waiting for the timeout', async () => {
    const started = Date.now();
    const outcome = await run('return new Promise(() => {});', {}, { timeoutMs: 20_000 });
    expect(outcome).toMatchObject({ ok: false, kind: 'error', error: 'the script returned a promise that never settled' });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('captures console lines with their level, and keeps them when the script then throws', async () => {
    const outcome = await run(
      'console.log("hello", { a: 1 }, [2]); console.info(3); console.warn("careful"); console.error(new TypeError("bad")); throw new Error("stop");',
    );
    expect(outcome).toEqual({
      ok: false,
      kind: 'error',
      error: 'stop',
      logs: ['hello {"a":1} [2]', '3', '[warn] careful', '[error] TypeError: bad'],
    });
  });

  it('bounds the console lines a script can record', async () => {
    const outcome = await run('for (let i = 0; i < 5000; i++) console.log("line " + i); return 1;');
    expect(outcome.ok).toBe(true);
    expect(outcome.logs).toHaveLength(1001);
    expect(outcome.logs[1000]).toBe('... 4000 more log lines dropped');
  });

  it("reports a thrown error with the script's own message and no Error: prefix", async () => {
    expect(await run("if (data.n > 1) throw new Error('too big: ' + data.n); return data;", { data: { n: 5 } })).toEqual({
      ok: false,
      kind: 'error',
      error: 'too big: 5',
      logs: [],
    });
  });

  it('names the error type when it is not a plain Error, and accepts thrown strings', async () => {
    expect(await run('null.x')).toMatchObject({ kind: 'error', error: expect.stringMatching(/^TypeError: Cannot read properties of null/) });
    expect(await run('throw "plain text"')).toMatchObject({ kind: 'error', error: 'plain text' });
    expect(await run('return (')).toMatchObject({ kind: 'error', error: expect.stringMatching(/^SyntaxError: /) });
  });

  it('rejects a result that is not JSON and names what was wrong', async () => {
    expect(await run('return () => 1;')).toMatchObject({ ok: false, kind: 'error', error: 'result is a function, which is not JSON' });
    expect(await run('return { deep: [1, { fn() {} }] };')).toMatchObject({ error: 'result.deep[1].fn is a function, which is not JSON' });
    expect(await run('return { s: Symbol("x") };')).toMatchObject({ error: 'result.s is a symbol, which is not JSON' });
    expect(await run('return { m: new Map() };')).toMatchObject({ error: 'result.m is a Map, which is not JSON' });
    expect(await run('const o = {}; o.self = o; return o;')).toMatchObject({ error: 'result.self is a circular reference, which is not JSON' });
    expect(await run('send_output("p", 10n);')).toMatchObject({ error: 'the value sent on "p" is a BigInt, which is not JSON' });
  });

  it("copies the globals in, so a script cannot change the caller's objects", async () => {
    const globals = { data: { list: [1] } };
    const outcome = await runInSandbox({ code: 'data.list.push(2); return data;', globals, timeoutMs: 2000, memoryLimitMb: 64 });
    expect(outcome).toMatchObject({ ok: true, value: { list: [1, 2] } });
    expect(globals.data.list).toEqual([1]);
  });

  it('ends a call as cancelled when its signal aborts while it runs', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const pending = runInSandbox({ code: 'while (true) {}', globals: {}, timeoutMs: 30_000, memoryLimitMb: 64, signal: controller.signal });
    const timer = setTimeout(() => controller.abort(), 200);
    const outcome = await pending;
    clearTimeout(timer);
    expect(outcome).toEqual({ ok: false, kind: 'cancelled', error: 'Script cancelled', logs: [] });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('ends a call as cancelled when its signal aborts while it waits for a free isolate', async () => {
    const runner = createSandboxRunner({ maxConcurrent: 1 });
    const blocker = new AbortController();
    const waiter = new AbortController();
    const busy = runner.run({ code: 'while (true) {}', globals: {}, timeoutMs: 30_000, memoryLimitMb: 32, signal: blocker.signal });
    const queued = runner.run({ code: 'return 1', globals: {}, timeoutMs: 1000, memoryLimitMb: 32, signal: waiter.signal });
    waiter.abort();
    expect(await queued).toMatchObject({ ok: false, kind: 'cancelled' });
    blocker.abort();
    expect(await busy).toMatchObject({ ok: false, kind: 'cancelled' });
    runner.dispose();
  });

  it('does not start a call whose signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const outcome = await runInSandbox({ code: 'return 1', globals: {}, timeoutMs: 1000, memoryLimitMb: 32, signal: controller.signal });
    expect(outcome).toMatchObject({ ok: false, kind: 'cancelled' });
  });

  it('throws for a request no caller should make', async () => {
    await expect(runInSandbox({ code: '', globals: {}, timeoutMs: 0, memoryLimitMb: 32 })).rejects.toThrow(/timeoutMs/);
    await expect(runInSandbox({ code: '', globals: {}, timeoutMs: 10, memoryLimitMb: 2 })).rejects.toThrow(/memoryLimitMb/);
  });

  it('serves many small calls, in sequence and at once', async () => {
    for (let i = 0; i < 50; i++) expect(await run('return item * 2', { item: i })).toMatchObject({ value: i * 2 });
    const all = await Promise.all(Array.from({ length: 50 }, (_, i) => run('return item + 1', { item: i })));
    expect(all.map((outcome) => (outcome.ok ? outcome.value : outcome.error))).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });
});
