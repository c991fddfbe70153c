import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ActorLogEntry, type JsonObject, type JsonValue, createCatalogue, defineActor, jsonTextAt, runGraph } from '../../engine';
import { disposeSandboxIsolates } from '../sandbox';
import { JavascriptScriptConfigSchema, javascriptScript } from './javascript-script';

const run = { executionId: 'exec-js', workflowId: 'wf-js' } as const;

function fixture(name: string): { request: { graph_json: unknown; input: JsonObject }; expected: { status: string; outputs: Record<string, JsonValue> } } {
  return JSON.parse(readFileSync(join(__dirname, 'fixtures', name), 'utf8'));
}

/** A sink that records every packet it receives. */
function collector(received: JsonValue[]) {
  return defineActor({
    id: 'test_collect',
    inports: { in: {} },
    outports: {},
    fire: ({ inputs }) => {
      received.push(inputs.in ?? null);
    },
  });
}

function scriptNode(script: string, extra: Record<string, JsonValue> = {}) {
  return { component: 'tpl_javascript_script', metadata: { config: { script, ...extra } } };
}

afterAll(() => disposeSandboxIsolates());

describe('tpl_javascript_script', () => {
  it("sends a large value on as its text to the run's outputs, and parsed to a node it feeds", async () => {
    const graph = {
      processes: { s: scriptNode('return Array.from({ length: 4000 }, (_, i) => "item " + i + " ".repeat(70));'), c: { component: 'test_collect' } },
      connections: [{ from: { nodeId: 's', portId: 'result-out' }, to: { nodeId: 'c', portId: 'in' } }],
      outports: { big: { process: 's', port: 'result-out' } },
    };
    const received: JsonValue[] = [];
    const { result } = await runGraph(graph, createCatalogue([javascriptScript, collector(received)]), run);
    const expected = Array.from({ length: 4000 }, (_, i) => `item ${i}${' '.repeat(70)}`);
    expect(jsonTextAt(result.outputs, 'big')?.bytes).toBe(Buffer.byteLength(JSON.stringify(expected)));
    expect(result.outputs.big).toEqual(expected);
    expect(received).toEqual([expected]);
  });

  it('defaults its timeout to 10000 ms and its memory limit to 128 MB', () => {
    expect(JavascriptScriptConfigSchema.parse({ script: 'return 1' })).toEqual({ script: 'return 1', timeout: 10_000, memoryLimit: 128 });
    expect(JavascriptScriptConfigSchema.parse({ script: 'return 1', timeout: '5000', memoryLimit: '' })).toMatchObject({ timeout: 5000, memoryLimit: 128 });
  });

  it('rejects a graph whose script node has no script, naming the node and the key', async () => {
    const graph = { processes: { risky: { component: 'tpl_javascript_script', metadata: { config: { timeout: 100 } } } } };
    await expect(runGraph(graph, createCatalogue([javascriptScript]), run)).rejects.toThrow(/risky[\s\S]*config 'script' is required/);
    const blank = { processes: { blank: scriptNode('   ') } };
    await expect(runGraph(blank, createCatalogue([javascriptScript]), run)).rejects.toThrow(/blank[\s\S]*'script': must not be empty/);
  });

  it('routes a thrown error to error-out and completes, as error-routing.json expects', async () => {
    const { request, expected } = fixture('error-routing.json');
    const { result, events } = await runGraph(request.graph_json, createCatalogue([javascriptScript]), { ...run, input: request.input });
    expect(result.success).toBe(true);
    expect(expected.status).toBe('completed');
    expect(result.outputs).toEqual(expected.outputs);
    expect(events).toContainEqual(expect.objectContaining({ _type: 'ActorFailed', actorId: 'risky', error: 'too big: 5' }));
    expect(events).toContainEqual(
      expect.objectContaining({
        _type: 'MessageSent',
        fromPort: 'error-out',
        message: { message: 'too big: 5', node_id: 'risky', component: 'tpl_javascript_script' },
      }),
    );
  });

  it("fails the run with the script's message when error-out is not connected", async () => {
    const graph = { processes: { risky: scriptNode("throw new Error('too big: ' + data.n)") }, inports: { n: { process: 'risky', port: 'data-in' } } };
    const { result } = await runGraph(graph, createCatalogue([javascriptScript]), { ...run, input: { n: { n: 7 } } });
    expect(result.success).toBe(false);
    expect(result.errors).toEqual([{ node_id: 'risky', message: 'too big: 7' }]);
  });

  it('refuses a result or a sent value larger than 8 MiB of JSON inside the sandbox, before the host parses it', async () => {
    const catalogue = createCatalogue([javascriptScript]);
    const big = await runGraph({ processes: { big: scriptNode("return 'x'.repeat(9 * 1024 * 1024);") } }, catalogue, run);
    expect(big.result.errors).toEqual([{ node_id: 'big', message: 'the result is larger than 8388608 characters of JSON' }]);
    const sent = await runGraph(
      { processes: { big: scriptNode("function process(inputs, context) { context.send_output('result-out', 'x'.repeat(9 * 1024 * 1024)); }") } },
      catalogue,
      run,
    );
    expect(sent.result.errors[0].message).toContain('the value sent on "result-out" is larger than 8388608 characters of JSON');
    const fits = await runGraph({ processes: { ok: scriptNode("return 'x'.repeat(1024 * 1024);") } }, catalogue, run);
    expect(fits.result.success).toBe(true);
  });

  it('runs a top-level script with data, metadata and imports in scope, keeping metadata for later packets', async () => {
    const received: JsonValue[] = [];
    const graph = {
      processes: {
        gen: scriptNode("send_output('result-out', { n: 1 }); send_output('result-out', { n: 2 });"),
        s: scriptNode(
          "return { n: data.n, tenant: metadata.tenant, same: imports.data === data && imports.get('data') === data, viaPort: imports.get('metadata-in').tenant, keys: Object.keys(imports) };",
        ),
        sink: { component: 'test_collect' },
      },
      connections: [
        { data: { tenant: 'acme' }, to: { nodeId: 's', portId: 'metadata-in' } },
        { from: { nodeId: 'gen', portId: 'result-out' }, to: { nodeId: 's', portId: 'data-in' } },
        { from: { nodeId: 's', portId: 'result-out' }, to: { nodeId: 'sink', portId: 'in' } },
      ],
    };
    const { result } = await runGraph(graph, createCatalogue([javascriptScript, collector(received)]), run);
    expect(result.success).toBe(true);
    expect(received).toEqual([
      { n: 1, tenant: 'acme', same: true, viaPort: 'acme', keys: ['data', 'metadata'] },
      { n: 2, tenant: 'acme', same: true, viaPort: 'acme', keys: ['data', 'metadata'] },
    ]);
  });

  it('runs function process(inputs, context), sending each send_output on its port; a status it returns after sending is no packet', async () => {
    const received: JsonValue[] = [];
    const script = [
      'function process(inputs, context) {',
      "  context.send_output('result-out', { first: inputs['data-in'].n });",
      '  return { n: inputs.data.n + 1, node: context.node_id, timeout: context.config.timeout, keys: Object.keys(inputs) };',
      '}',
    ].join('\n');
    const graph = {
      processes: { p: scriptNode(script, { timeout: 4000 }), sink: { component: 'test_collect' } },
      connections: [{ from: { nodeId: 'p', portId: 'result-out' }, to: { nodeId: 'sink', portId: 'in' } }],
      inports: { x: { process: 'p', port: 'data-in' } },
    };
    const { result } = await runGraph(graph, createCatalogue([javascriptScript, collector(received)]), { ...run, input: { x: { n: 1 } } });
    expect(result.success).toBe(true);
    expect(received).toEqual([{ first: 1 }]);
  });

  it('runs an async function process', async () => {
    const graph = {
      processes: { p: scriptNode('async function process(inputs) { await null; return inputs.data * 3; }') },
      inports: { x: { process: 'p', port: 'data-in' } },
    };
    const { result } = await runGraph(graph, createCatalogue([javascriptScript]), { ...run, input: { x: 14 } });
    expect(result.outputs).toEqual({ 'p.result-out': 42 });
  });

  it('runs a script that awaits at its top level, as n8n Code nodes are written', async () => {
    const script = 'await new Promise((resolve) => setTimeout(resolve, 10));\nreturn data.n * 2;';
    const graph = { processes: { p: scriptNode(script) }, inports: { x: { process: 'p', port: 'data-in' } } };
    const { result } = await runGraph(graph, createCatalogue([javascriptScript]), { ...run, input: { x: { n: 21 } } });
    expect(result.outputs).toEqual({ 'p.result-out': 42 });
  });

  it('awaits at the top level of a script that defines process, and in a for await loop', async () => {
    const script =
      'const items = [];\nfor await (const n of [Promise.resolve(1), 2]) items.push(n);\nasync function process(inputs) { return items.concat(inputs.data); }';
    const graph = { processes: { p: scriptNode(script) }, inports: { x: { process: 'p', port: 'data-in' } } };
    const { result } = await runGraph(graph, createCatalogue([javascriptScript]), { ...run, input: { x: 3 } });
    expect(result.outputs).toEqual({ 'p.result-out': [1, 2, 3] });
  });

  it('reports the syntax error of a script that awaits and is malformed, and of one that only is malformed', async () => {
    const catalogue = createCatalogue([javascriptScript]);
    const awaiting = await runGraph({ processes: { p: scriptNode('await null;\nreturn (') } }, catalogue, run);
    expect(awaiting.result.errors).toEqual([{ node_id: 'p', message: expect.stringMatching(/^SyntaxError: Unexpected token/) }]);
    const plain = await runGraph({ processes: { p: scriptNode('return (') } }, catalogue, run);
    expect(plain.result.errors).toEqual([{ node_id: 'p', message: expect.stringMatching(/^SyntaxError: Unexpected token/) }]);
  });

  it('runs setTimeout and clearTimeout callbacks in order before the script returns', async () => {
    const script = [
      'const order = [];',
      "const dropped = setTimeout(() => order.push('dropped'), 5);",
      "setTimeout(() => order.push('b'), 20);",
      "setTimeout(() => order.push('a'), 10);",
      'clearTimeout(dropped);',
      'await new Promise((resolve) => setTimeout(resolve, 30));',
      'return order;',
    ].join('\n');
    const { result } = await runGraph({ processes: { p: scriptNode(script) } }, createCatalogue([javascriptScript]), run);
    expect(result.outputs).toEqual({ 'p.result-out': ['a', 'b'] });
  });

  it('fails a firing whose timers keep it alive past its timeout with the timeout error', async () => {
    const script = 'let ticks = 0;\nsetInterval(() => { ticks++; }, 5);\nawait new Promise(() => {});';
    const started = Date.now();
    const { result } = await runGraph({ processes: { ticking: scriptNode(script, { timeout: 200 }) } }, createCatalogue([javascriptScript]), run);
    expect(result.errors).toEqual([{ node_id: 'ticking', message: 'Script timed out after 200 ms' }]);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('stops pending timers when the run is cancelled', async () => {
    const controller = new AbortController();
    const logs: ActorLogEntry[] = [];
    const script = "setTimeout(() => console.log('too late'), 300);\nawait new Promise((resolve) => setTimeout(resolve, 60_000));";
    const started = Date.now();
    const { result, events } = await runGraph({ processes: { waiting: scriptNode(script, { timeout: 120_000 }) } }, createCatalogue([javascriptScript]), {
      ...run,
      signal: controller.signal,
      log: (entry) => logs.push(entry),
      onEvent: (event) => {
        if (event._type === 'ActorStarted') setTimeout(() => controller.abort(), 100);
      },
    });
    expect(events.at(-1)?._type).toBe('Cancelled');
    expect(result.success).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(logs).toEqual([]);
  });

  it('offers what its catalogue description says a script has, and nothing it says a script lacks', async () => {
    const has = ['JSON', 'Math', 'Date', 'Intl', 'Promise', 'console', 'send_output', 'setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'];
    const lacks = ['require', 'fetch', 'process', 'Buffer', 'TextEncoder', 'URL', 'structuredClone', 'queueMicrotask', 'WebAssembly', 'SharedArrayBuffer'];
    for (const name of [...has, ...lacks]) expect(javascriptScript.description).toContain(name);
    const script = `const kinds = {}; for (const name of ${JSON.stringify([...has, ...lacks])}) kinds[name] = eval('typeof ' + name); return kinds;`;
    const { result } = await runGraph({ processes: { p: scriptNode(script) } }, createCatalogue([javascriptScript]), run);
    const kinds = result.outputs['p.result-out'] as Record<string, string>;
    expect(has.filter((name) => kinds[name] === 'undefined')).toEqual([]);
    expect(lacks.filter((name) => kinds[name] !== 'undefined')).toEqual([]);
  });

  it('fails a firing that sends on a port the actor does not have, naming the port', async () => {
    const graph = { processes: { p: scriptNode("function process(inputs, context) { context.send_output('nope', 1); }") } };
    const { result } = await runGraph(graph, createCatalogue([javascriptScript]), run);
    expect(result.success).toBe(false);
    expect(result.errors[0].message).toBe("send_output: unknown output port 'nope'; the outputs are result-out, error-out");
  });

  it("reads the orchestrator's port names output and error as result-out and error-out", async () => {
    const script =
      "function process(inputs, context) { context.send_output('output', inputs['data-in'] * 2); context.send_output('error', 'careful'); return { status: 'ok' }; }";
    const graph = { processes: { p: scriptNode(script) }, inports: { x: { process: 'p', port: 'data-in' } } };
    const { result } = await runGraph(graph, createCatalogue([javascriptScript]), { ...run, input: { x: 21 } });
    expect(result.success).toBe(true);
    expect(result.outputs).toEqual({ 'p.result-out': 42, 'p.error-out': 'careful' });
  });

  it('sends the returned value of a script that sent nothing itself', async () => {
    const graph = { processes: { p: scriptNode('return { doubled: data * 2 };') }, inports: { x: { process: 'p', port: 'data-in' } } };
    const { result } = await runGraph(graph, createCatalogue([javascriptScript]), { ...run, input: { x: 4 } });
    expect(result.outputs).toEqual({ 'p.result-out': { doubled: 8 } });
  });

  it('sends nothing when the script returns undefined, and passes console lines to the run log', async () => {
    const logs: ActorLogEntry[] = [];
    const graph = { processes: { quiet: scriptNode("console.log('seen', 1);") } };
    const { result, events } = await runGraph(graph, createCatalogue([javascriptScript]), { ...run, log: (entry) => logs.push(entry) });
    expect(result).toMatchObject({ success: true, outputs: {}, nodes_executed: 1 });
    expect(events.filter((event) => event._type === 'MessageSent')).toEqual([]);
    expect(logs).toEqual([expect.objectContaining({ nodeId: 'quiet', message: 'seen 1' })]);
  });

  it('runs as a source once with data undefined, as the script of script-loop.json expects', async () => {
    const workflow = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'script-loop.json'), 'utf8'));
    const node = workflow.graphs[0].nodes.find((entry: { metadata: { templateId: string } }) => entry.metadata.templateId === 'tpl_javascript_script');
    const graph = { processes: { items: { component: 'tpl_javascript_script', metadata: { propertyValues: node.metadata.propertyValues } } } };
    const { result } = await runGraph(graph, createCatalogue([javascriptScript]), run);
    expect(result.outputs).toEqual({
      'items.result-out': [
        { id: 'INV-1', qty: 2, unitPrice: 12.5 },
        { id: 'INV-2', qty: 4, unitPrice: 12.5 },
        { id: 'INV-3', qty: 6, unitPrice: 12.5 },
      ],
    });
  });

  it('fails a script that runs past its timeout', async () => {
    const graph = { processes: { loop: scriptNode('while (true) {}', { timeout: 200 }) } };
    const { result } = await runGraph(graph, createCatalogue([javascriptScript]), run);
    expect(result.errors).toEqual([{ node_id: 'loop', message: 'Script timed out after 200 ms' }]);
  });

  it('fails a script that passes its memory limit', async () => {
    const graph = {
      processes: { bomb: scriptNode('const keep = []; while (true) keep.push(new Array(100000).fill(2.5));', { memoryLimit: 16, timeout: 30_000 }) },
    };
    const { result } = await runGraph(graph, createCatalogue([javascriptScript]), run);
    expect(result.errors).toEqual([{ node_id: 'bomb', message: 'Script exceeded its memory limit of 16 MB' }]);
  });

  it('stops a running script at once when the run is cancelled', async () => {
    const controller = new AbortController();
    const graph = { processes: { loop: scriptNode('while (true) {}', { timeout: 60_000 }) } };
    const started = Date.now();
    const { result, events } = await runGraph(graph, createCatalogue([javascriptScript]), {
      ...run,
      signal: controller.signal,
      onEvent: (event) => {
        if (event._type === 'ActorStarted') setTimeout(() => controller.abort(), 100);
      },
    });
    expect(events.at(-1)?._type).toBe('Cancelled');
    expect(result.success).toBe(false);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
