import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as noflo from 'noflo';
import { type NofloCore, nofloCore } from './support/noflo-core';
import { type ProtocolClient } from './support/protocol-client';
import { useProtocolRuntime } from './support/protocol-runtime-fixture';
import { type TestApp, startTestApp } from './support/test-app';
import { waitFor } from './support/wait-for';

/*
 * Graphs of noflo-strings' and noflo-objects' components (test/fixtures/noflo/components, with their licence note)
 * run on NoFlo 1.5.2 in this process and on the service, which loads the same packages through NoFlo's loader
 * (`noflo_component_packages`): the same packets reach each core/Output node, the same values the exported outports.
 */

const FIXTURES = join(__dirname, 'fixtures', 'noflo', 'components');
const PACKAGES = ['noflo-strings', 'noflo-objects'];

/** Each graph, the input of its exported inports, and the NoFlo components it uses. */
const CASES: readonly [file: string, input: Record<string, unknown>][] = [
  ['strings-split-words.fbp', {}],
  ['strings-parse-numbers.fbp', { text: 'ffx,1x,a' }],
  ['objects-record.fbp', { record: { oh: 'canada', secret: 'x', lang: 'en' } }],
  ['json-greeting.fbp', { json: '{"user":{"name":"Foo","langs":["en","fi"]},"id":7}' }],
  ['send-json-subgraph.fbp', {}],
  ['objects-split-compile.fbp', {}],
];

function fileText(file: string): string {
  return readFileSync(join(FIXTURES, file), 'utf8');
}

// core/Output prints text as it is and other values as JSON: both runs' packets are compared in that form.
function line(packet: unknown): string {
  return typeof packet === 'string' ? packet : JSON.stringify(packet);
}

/** The printed lines, in order when one Output node printed them all, sorted when several did (their turns may differ). */
function comparable(lines: string[], outputNodes: number): string[] {
  return outputNodes > 1 ? [...lines].sort() : lines;
}

interface Seen {
  readonly printed: string[];
  readonly outputs: Record<string, unknown>;
}

let core: NofloCore;
const nofloRuns = new Map<string, Seen>();

/** What NoFlo 1.5.2 prints and outputs for a case, with the packages' components from their own folders. */
async function onNoflo(file: string, input: Record<string, unknown>): Promise<Seen> {
  const known = nofloRuns.get(file);
  if (known !== undefined) return known;
  core.printed.length = 0;
  const graph = await noflo.graph.loadFBP(fileText(file));
  const outputs = (await noflo.asPromise(graph, { loader: core.loader })(input)) as Record<string, unknown> | null;
  const seen = { printed: core.printed.map(line), outputs: graph.outports && Object.keys(graph.outports).length > 0 ? (outputs ?? {}) : {} };
  expect(seen.printed.length + Object.keys(seen.outputs).length).toBeGreaterThan(0);
  nofloRuns.set(file, seen);
  return seen;
}

async function outputNodes(file: string): Promise<string[]> {
  const graph = await noflo.graph.loadFBP(fileText(file));
  return graph.nodes.filter((node) => node.component === 'core/Output').map((node) => node.id);
}

beforeAll(async () => {
  core = await nofloCore(PACKAGES);
});

describe('NoFlo component libraries over HTTP', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ config: { noflo_component_packages: PACKAGES } });
  });
  afterAll(() => app.close());

  it.each(CASES)('runs %s to the packets and outputs NoFlo gives', async (file, input) => {
    const there = await onNoflo(file, input);
    const { data, response } = await app.client.startWorkflow({ graph_fbp: fileText(file), input: input as never });
    expect(response.status).toBe(200);
    const id = data!.data.execution_id;
    const execution = await app.client.waitForCompletion(id);
    expect(execution.result).toMatchObject({ success: true, errors: [] });
    const shows = await outputNodes(file);
    const events = (await app.client.getWorkflowEvents(id)).data!.data.events;
    const printed = events.flatMap((event) => (event._type === 'MessageSent' && shows.includes(event.toActor) ? [line(event.message)] : []));
    expect(comparable(printed, shows.length)).toEqual(comparable(there.printed, shows.length));
    if (Object.keys(there.outputs).length > 0) expect(execution.result!.outputs).toEqual(there.outputs);
  });

  it('lists each component in GET /actors with the name and version of the installed package, a built-in actor with none', async () => {
    const { name, version } = JSON.parse(readFileSync(require.resolve('noflo-strings/package.json'), 'utf8')) as { name: string; version: string };
    const split = await app.client.getActor('strings/SplitStr');
    expect(split.response.status).toBe(200);
    expect(split.data!.data.package).toEqual({ name, version });
    const actors = (await app.client.listActors()).data!.data.actors;
    expect(actors.find((actor) => actor.id === 'objects/GetObjectKey')?.package?.name).toBe('noflo-objects');
    expect(actors.find((actor) => actor.id === 'tpl_math_add')?.package).toBeNull();
  });

  it('answers a graph that names a component of a package it does not list with a 400 naming it', async () => {
    const { response, error } = await app.client.startWorkflow({ graph_fbp: "'a' -> IN r(filesystem/ReadFile)\n" });
    expect(response.status).toBe(400);
    expect(error!.error).toContain("'filesystem/ReadFile'");
  });
});

/** Builds a graph on the protocol runtime as noflo-ui and fbp-spec do: node by node, edge by edge. */
async function sendGraph(client: ProtocolClient, id: string, file: string): Promise<void> {
  const graph = (await noflo.graph.loadFBP(fileText(file))).toJSON();
  client.send('graph', 'clear', { id, main: true });
  await client.next('graph', 'clear');
  for (const [node, { component }] of Object.entries(graph.processes ?? {})) client.send('graph', 'addnode', { id: node, component, graph: id });
  for (const connection of graph.connections ?? []) {
    const tgt = { node: connection.tgt.process, port: connection.tgt.port };
    if (connection.src === undefined) client.send('graph', 'addinitial', { src: { data: connection.data }, tgt, graph: id });
    else client.send('graph', 'addedge', { src: { node: connection.src.process, port: connection.src.port }, tgt, graph: id });
  }
  for (const [name, port] of Object.entries(graph.inports ?? {}))
    client.send('graph', 'addinport', { public: name, node: port.process, port: port.port, graph: id });
  for (const [name, port] of Object.entries(graph.outports ?? {}))
    client.send('graph', 'addoutport', { public: name, node: port.process, port: port.port, graph: id });
  client.send('graph', 'addnode', { id: 'last', component: 'core/Repeat', graph: id });
  await client.next('graph', 'addnode');
  client.send('graph', 'removenode', { id: 'last', graph: id });
  await client.next('graph', 'removenode');
}

describe('NoFlo component libraries over the FBP protocol', () => {
  const runtime = useProtocolRuntime('noflo-components', { noflo_component_packages: PACKAGES });

  it('lists each component as NoFlo names it, with its ports and datatypes', async () => {
    const client = await runtime.open();
    client.send('component', 'list');
    const components = (await client.until('component', 'componentsready')).filter((m) => m.command === 'component').map((m) => m.payload);
    expect(components.find((c) => c.name === 'strings/SplitStr')).toMatchObject({
      inPorts: [
        { id: 'in', type: 'string', addressable: false },
        { id: 'delimiter', type: 'string', addressable: false, description: 'Delimiter used to split' },
      ],
      outPorts: [{ id: 'out', type: 'string' }],
    });
    expect(components.map((c) => c.name)).toEqual(expect.arrayContaining(['objects/GetObjectKey', 'objects/SetProperty', 'strings/SendJson']));
    client.close();
  });

  it.each(CASES)('runs %s to the output NoFlo prints and the packets it sends', async (file, input) => {
    const there = await onNoflo(file, input);
    const client = await runtime.open();
    const id = `noflo-components.${file.replace(/\.fbp$/, '')}`;
    await sendGraph(client, id, file);
    const inports = Object.keys(input);
    const outports = Object.keys(there.outputs);
    let messages;
    const outputs: Record<string, unknown> = {};
    if (inports.length === 0) {
      client.send('network', 'start', { graph: id });
      messages = await client.until('network', 'stopped');
    } else {
      for (const port of inports) client.send('runtime', 'packet', { graph: id, port, event: 'data', payload: input[port] });
      await waitFor(
        async () => (await runtime.app.client.listWorkflows({ workflow_id: id })).data!.data.items.some((execution) => execution.status === 'completed'),
        {
          what: `the run of ${id}`,
        },
      );
      for (let i = 0; i < outports.length; i++) {
        const { payload } = await client.next('runtime', 'packet');
        outputs[payload.port as string] = payload.payload;
      }
      client.send('network', 'stop', { graph: id });
      messages = await client.until('network', 'stopped');
    }
    const shows = await outputNodes(file);
    const printed = messages.filter((m) => m.protocol === 'network' && m.command === 'output').map((m) => m.payload.message as string);
    expect(comparable(printed, shows.length)).toEqual(comparable(there.printed, shows.length));
    expect(outputs).toEqual(there.outputs);
    client.close();
  });
});
