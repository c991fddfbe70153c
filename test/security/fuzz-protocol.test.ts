import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { createWorkflowClient } from '../../client';
import { multiplyGraph } from '../support/graphs';
import { ProtocolClient } from '../support/protocol-client';
import { type ServerProcess, startServerProcess } from '../support/server-process';

const FRAMES = 2000;
const BARRIER_EVERY = 25;
const MAX_FRAME_BYTES = 512 * 1024;

const GRAPH = fc.constantFrom('g1', 'g2', 'g3');
const NODE = fc.constantFrom('a', 'b', 'c');
const PORT_NAME = fc.constantFrom('in', 'out', 'a-in', 'b-in', 'result-out', 'missing');
const PORT = fc.oneof(
  fc.record({ node: NODE, port: PORT_NAME }),
  fc.record({ node: NODE, port: PORT_NAME, index: fc.oneof(fc.nat(4), fc.string({ maxLength: 3 }), fc.constant(null)) }),
  fc.jsonValue({ maxDepth: 2 }),
);
const METADATA = fc.oneof(fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 }), fc.jsonValue({ maxDepth: 2 }));
const COMMAND = fc.constantFrom(
  'getruntime',
  'packet',
  'clear',
  'addnode',
  'removenode',
  'renamenode',
  'changenode',
  'addedge',
  'removeedge',
  'changeedge',
  'addinitial',
  'removeinitial',
  'addinport',
  'removeinport',
  'renameinport',
  'addoutport',
  'removeoutport',
  'renameoutport',
  'start',
  'stop',
  'getstatus',
  'edges',
  'debug',
  'list',
  'getsource',
  'source',
  'bogus',
);
const PROTOCOL = fc.oneof(fc.constantFrom('runtime', 'graph', 'network', 'component', 'trace'), fc.string({ maxLength: 70 }));
const PAYLOAD = fc.record(
  {
    graph: fc.oneof(GRAPH, fc.jsonValue({ maxDepth: 1 })),
    id: fc.oneof(GRAPH, NODE, fc.string({ maxLength: 10 })),
    component: fc.oneof(fc.constantFrom('core/Repeat', 'core/Output', 'core/Drop', 'tpl_math_add'), fc.string({ maxLength: 12 })),
    src: fc.oneof(PORT, fc.record({ data: fc.jsonValue({ maxDepth: 3 }) })),
    tgt: PORT,
    metadata: METADATA,
    from: NODE,
    to: fc.oneof(NODE, fc.string({ maxLength: 6 })),
    public: fc.string({ maxLength: 6 }),
    node: NODE,
    port: PORT_NAME,
    main: fc.boolean(),
    name: fc.string({ maxLength: 10 }),
    secret: fc.jsonValue({ maxDepth: 1 }),
  },
  { requiredKeys: [] },
);

/** Messages of the protocol's shape, with generated and known protocols, commands and fields. */
const MESSAGE = fc.record({ protocol: PROTOCOL, command: fc.oneof(COMMAND, fc.string({ maxLength: 70 })), payload: PAYLOAD }).map((m) => JSON.stringify(m));
/** Every field of the wrong type, or missing. */
const WRONG_TYPES = fc
  .record(
    {
      protocol: fc.jsonValue({ maxDepth: 1 }),
      command: fc.jsonValue({ maxDepth: 1 }),
      payload: fc.jsonValue({ maxDepth: 2 }),
      secret: fc.jsonValue({ maxDepth: 1 }),
    },
    { requiredKeys: [] },
  )
  .map((m) => JSON.stringify(m));
/** Text that is not JSON, or JSON of any shape. */
const MALFORMED = fc.oneof(
  fc.string({ maxLength: 60 }),
  MESSAGE.map((m) => m.slice(0, Math.floor(m.length / 2))),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
);
/** Payloads nested from just over the limit to 100,000 levels. */
const DEEP = fc
  .tuple(fc.integer({ min: 257, max: 100_000 }), COMMAND, fc.constantFrom('graph', 'network', 'runtime'))
  .map(
    ([levels, command, protocol]) =>
      `{"protocol":"${protocol}","command":"${command}","payload":{"graph":"g1","id":"a","src":{"data":${'['.repeat(levels)}${']'.repeat(levels)}}}}`,
  );
/** Payloads of 100-400 KB, which together pass the graphs' byte cap. */
const HUGE = fc
  .tuple(fc.integer({ min: 100_000, max: 400_000 }), fc.constantFrom('addnode', 'changenode', 'addinitial', 'clear'), NODE)
  .map(([size, command, node]) => {
    const payload =
      command === 'addinitial'
        ? { graph: 'g1', src: { data: 'y'.repeat(size) }, tgt: { node, port: 'in' } }
        : { graph: 'g1', id: `${node}${size}`, component: 'core/Repeat', metadata: { blob: 'x'.repeat(size) } };
    return JSON.stringify({ protocol: 'graph', command, payload });
  });
const BINARY = fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes));

const FRAME = fc.oneof(
  { arbitrary: MESSAGE, weight: 12 },
  { arbitrary: WRONG_TYPES, weight: 2 },
  { arbitrary: MALFORMED, weight: 2 },
  { arbitrary: DEEP, weight: 1 },
  { arbitrary: HUGE, weight: 1 },
  { arbitrary: BINARY, weight: 1 },
);

describe('fuzzing the FBP protocol runtime', () => {
  let server: ServerProcess;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'fuzz-protocol-'));
    server = await startServerProcess([
      '--data-dir',
      dataDir,
      '--rate-limit-requests-per-minute',
      '0',
      '--max-body-bytes',
      String(MAX_FRAME_BYTES),
      '--max-protocol-graph-mb',
      '1',
    ]);
  }, 60_000);
  afterAll(async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`answers ${FRAMES} generated frames without a crash, and still describes itself and serves HTTP afterwards`, async () => {
    const frames = fc.sample(FRAME, { numRuns: FRAMES, seed: 20261126 });
    const client = await ProtocolClient.open(server.url);
    const replies: { protocol: unknown; command: unknown; payload: unknown }[] = [];
    // Graphs for the generated commands to work on (a generated `clear` empties one again).
    for (const graph of ['g1', 'g2', 'g3']) {
      client.send('graph', 'clear', { id: graph });
      for (const node of ['a', 'b', 'c']) client.send('graph', 'addnode', { id: node, component: 'core/Repeat', graph });
    }
    for (const [index, frame] of frames.entries()) {
      client.sendRaw(frame);
      if ((index + 1) % BARRIER_EVERY !== 0 && index + 1 !== frames.length) continue;
      // An unknown graph's status is refused with its id: the frames before it have all been taken in.
      const barrier = `barrier-${index}`;
      client.send('network', 'getstatus', { graph: barrier });
      for (;;) {
        const taken = await client.until('network', 'error', 20_000);
        replies.push(...taken);
        if (taken.at(-1)!.payload.graph === barrier) break;
      }
      expect(client.isOpen).toBe(true);
    }
    replies.push(...client.pending);

    // Every answer is a protocol message, and none says the runtime failed on its own.
    expect(replies.length).toBeGreaterThan(FRAMES / 2);
    for (const reply of replies) {
      expect(typeof reply.protocol).toBe('string');
      expect(typeof reply.command).toBe('string');
      expect(['object', 'number']).toContain(typeof reply.payload);
    }
    const messages = replies.filter((r) => r.command === 'error').map((r) => (r.payload as { message?: unknown }).message);
    expect(messages).not.toContain('The command failed inside the runtime');
    expect(messages).toContain('A message may nest at most 256 levels');
    expect(messages.some((m) => typeof m === 'string' && m.includes('max_protocol_graph_mb'))).toBe(true);

    // Frames ws itself refuses close only their own socket.
    const oversized = await ProtocolClient.open(server.url);
    oversized.sendRaw('x'.repeat(MAX_FRAME_BYTES + 1));
    expect(await oversized.closed).toBe(1009);
    const notUtf8 = await ProtocolClient.open(server.url);
    notUtf8.sendText(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]));
    expect(await notUtf8.closed).toBe(1007);
    expect(client.isOpen).toBe(true);

    client.send('runtime', 'getruntime');
    expect((await client.next('runtime', 'runtime', 10_000)).payload).toMatchObject({
      type: 'noflo-nodejs',
      version: '0.7',
      capabilities: expect.arrayContaining(['protocol:graph', 'protocol:network']),
    });
    client.close();
    const fresh = await ProtocolClient.open(server.url);
    fresh.send('runtime', 'getruntime');
    expect((await fresh.next('runtime', 'runtime')).payload.capabilities).toContain('protocol:component');
    fresh.close();

    expect(server.child.exitCode).toBeNull();
    const failures = server.lines().filter((line) => /"level":(50|60)/.test(line));
    expect(failures).toEqual([]);
    const api = createWorkflowClient({ baseUrl: server.url });
    expect((await api.health()).response.status).toBe(200);
    expect((await fetch(`${server.url}/actors`)).status).toBe(200);
    expect((await fetch(`${server.url}/workflows`)).status).toBe(200);
    const started = await api.startWorkflow({ graph_json: multiplyGraph(), input: { x: 6, y: 7 } });
    expect(started.response.status).toBeLessThan(300);
  }, 60_000);
});
