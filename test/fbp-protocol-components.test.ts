import { useProtocolRuntime } from './support/protocol-runtime-fixture';
import { waitFor } from './support/wait-for';

/** A graph `double` in FBP JSON: its inport `in` feeds a multiplier by 2, whose result is its outport `out`. */
const DOUBLE = {
  properties: { name: 'double', description: 'Doubles a number' },
  processes: { times: { component: 'tpl_math_multiply' } },
  connections: [{ data: 2, tgt: { process: 'times', port: 'b-in' } }],
  inports: { in: { process: 'times', port: 'a-in' } },
  outports: { out: { process: 'times', port: 'result-out' } },
};

describe('the component subprotocol of the FBP runtime', () => {
  const runtime = useProtocolRuntime('fbp-components');
  const open = (secret?: string) => runtime.open(secret);

  it('lists the datatype of typed ports, and a JSON Schema as a data URI where a port has one', async () => {
    const client = await open();
    client.send('component', 'list');
    const messages = await client.until('component', 'componentsready');
    const add = messages.find((m) => m.command === 'component' && m.payload.name === 'tpl_math_add')!.payload;
    expect(add.inPorts).toEqual([
      { id: 'a-in', type: 'number', required: true, addressable: false, description: expect.any(String) },
      { id: 'b-in', type: 'number', required: true, addressable: false, description: expect.any(String) },
    ]);
    expect(add.outPorts).toEqual([{ id: 'result-out', type: 'number', required: false, addressable: false, description: 'a + b, rounded.' }]);
    const sum = messages.find((m) => m.command === 'component' && m.payload.name === 'tpl_math_sum')!.payload;
    const [values] = sum.inPorts as { type: string; schema: string }[];
    expect(values).toMatchObject({ type: 'array', schema: expect.stringMatching(/^data:application\/schema\+json,\S+$/) });
    expect(JSON.parse(decodeURIComponent(values.schema.slice(values.schema.indexOf(',') + 1)))).toMatchObject({
      type: 'array',
      items: { type: ['number', 'string'] },
    });
    const repeat = messages.find((m) => m.command === 'component' && m.payload.name === 'core/Repeat')!.payload;
    expect((repeat.inPorts as { type: string }[])[0].type).toBe('all');
    client.close();
  });

  it('states in GET /actors the datatype, addressability and schema each port of every actor has in component:component', async () => {
    const client = await open();
    client.send('component', 'list');
    const listed = new Map(
      (await client.until('component', 'componentsready')).filter((m) => m.command === 'component').map((m) => [m.payload.name as string, m.payload]),
    );
    const { data } = await runtime.app.client.listActors();
    const actors = data!.data.actors.filter((actor) => listed.has(actor.id));
    expect(actors.length).toBe([...listed.values()].filter((component) => component.subgraph === false).length);
    type ProtocolPort = { id: string; type: string; addressable: boolean; schema?: string };
    const asProtocol = ({
      id,
      type,
      addressable,
      schema,
    }: {
      id: string;
      type: string;
      addressable: boolean;
      schema?: Record<string, unknown>;
    }): ProtocolPort => ({
      id,
      type,
      addressable,
      ...(schema === undefined ? {} : { schema: `data:application/schema+json,${encodeURIComponent(JSON.stringify(schema))}` }),
    });
    const typing = ({ id, type, addressable, schema }: ProtocolPort): ProtocolPort => ({ id, type, addressable, ...(schema === undefined ? {} : { schema }) });
    for (const actor of actors) {
      const component = listed.get(actor.id)!;
      expect([actor.id, actor.inports.map(asProtocol)]).toEqual([actor.id, (component.inPorts as ProtocolPort[]).map(typing)]);
      expect([actor.id, actor.outports.map(asProtocol)]).toEqual([actor.id, (component.outPorts as ProtocolPort[]).map(typing)]);
    }
    const merge = actors.find((actor) => actor.id === 'core/Merge')!;
    expect(merge.inports[0]).toMatchObject({ id: 'in', type: 'all', addressable: true });
    const sum = actors.find((actor) => actor.id === 'tpl_math_sum')!;
    expect(sum.inports[0]).toMatchObject({ type: 'array', schema: { type: 'array', items: { type: ['number', 'string'] } } });
    client.close();
  });

  it("answers getsource of an actor with its definition and its configuration's JSON Schema, read-only", async () => {
    const client = await open();
    client.send('component', 'getsource', { name: 'tpl_math_add' });
    const { payload } = await client.next('component', 'source');
    expect(payload).toMatchObject({ name: 'tpl_math_add', language: 'actor+json' });
    const code = JSON.parse(payload.code as string);
    expect(code).toMatchObject({ id: 'tpl_math_add', effects: 'none', inports: { 'a-in': { type: 'number', required: true } } });
    expect(code.config.properties.precision).toMatchObject({ type: 'integer', default: 2 });
    client.send('component', 'getsource', { name: 'core/Repeat' });
    expect((await client.next('component', 'source')).payload).toMatchObject({ name: 'Repeat', library: 'core' });
    client.send('component', 'getsource', { name: 'nope/Missing' });
    expect((await client.next('component', 'error')).payload).toEqual({ message: "Component 'nope/Missing' not found" });
    client.close();
  });

  it('keeps a graph sent as component source as a subgraph component, usable in protocol graphs and over HTTP', async () => {
    const client = await open();
    client.send('component', 'source', { name: 'double', library: 'demo', language: 'json', code: JSON.stringify(DOUBLE) });
    expect((await client.next('component', 'component')).payload).toEqual({
      name: 'demo/double',
      description: 'Doubles a number',
      icon: 'sitemap',
      subgraph: true,
      inPorts: [{ id: 'in', type: 'number', required: true, addressable: false, description: expect.any(String) }],
      outPorts: [{ id: 'out', type: 'number', required: false, addressable: false, description: expect.any(String) }],
    });
    client.send('component', 'getsource', { name: 'demo/double' });
    const source = (await client.next('component', 'source')).payload;
    expect(source).toMatchObject({ name: 'double', library: 'demo', language: 'json' });
    expect(JSON.parse(source.code as string)).toMatchObject({
      processes: { times: { component: 'tpl_math_multiply' } },
      inports: { in: { process: 'times', port: 'a-in' } },
    });

    // A protocol graph uses it as a node.
    client.send('graph', 'clear', { id: 'uses-double', main: true });
    client.send('graph', 'addnode', { id: 'twice', component: 'demo/double', graph: 'uses-double' });
    client.send('graph', 'addnode', { id: 'show', component: 'core/Output', graph: 'uses-double' });
    client.send('graph', 'addedge', { src: { node: 'twice', port: 'out' }, tgt: { node: 'show', port: 'in' }, graph: 'uses-double' });
    client.send('graph', 'addinitial', { src: { data: 21 }, tgt: { node: 'twice', port: 'in' }, graph: 'uses-double' });
    await client.next('graph', 'addinitial');
    client.send('network', 'start', { graph: 'uses-double' });
    const run = await client.until('network', 'stopped');
    expect(run.filter((m) => m.command === 'output').map((m) => m.payload.message)).toEqual(['42']);
    client.close();

    // So does a graph started over HTTP, by the component's name.
    const { data } = await runtime.app.client.startWorkflow({
      graph_json: {
        processes: { d: { component: 'demo/double' } },
        connections: [{ data: 5, tgt: { process: 'd', port: 'in' } }],
        outports: { result: { process: 'd', port: 'out' } },
      },
      input: {},
      metadata: { execution_id: `uses-double-${Date.now()}` },
    });
    const id = data!.data.execution_id;
    await waitFor(async () => (await runtime.app.client.getWorkflow(id)).data?.data.status === 'completed', { what: 'the HTTP run to complete' });
    expect((await runtime.app.client.getWorkflow(id)).data!.data.result?.outputs).toEqual({ result: 10 });
  });

  it('makes a graph cleared with main false a component named by its library and id', async () => {
    const client = await open();
    client.send('graph', 'clear', { id: 'passer', library: 'mine', main: false });
    await client.next('graph', 'clear');
    expect((await client.next('component', 'component')).payload).toMatchObject({ name: 'mine/passer', subgraph: true, inPorts: [], outPorts: [] });
    client.send('graph', 'addnode', { id: 'r', component: 'core/Repeat', graph: 'passer' });
    client.send('graph', 'addinport', { public: 'in', node: 'r', port: 'in', graph: 'passer' });
    expect((await client.next('component', 'component')).payload).toMatchObject({ name: 'mine/passer', subgraph: true, inPorts: [{ id: 'in' }], outPorts: [] });
    client.send('component', 'list');
    const names = (await client.until('component', 'componentsready')).filter((m) => m.command === 'component').map((m) => m.payload.name);
    expect(names).toContain('mine/passer');
    client.close();
  });

  it('refuses source code in languages other than graphs', async () => {
    const client = await open();
    client.send('component', 'source', { name: 'Evil', language: 'javascript', code: 'process.exit(1)' });
    expect((await client.next('component', 'error')).payload.message).toMatch(/takes graphs only/);
    client.close();
  });
});
