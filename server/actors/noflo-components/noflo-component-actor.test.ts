import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AnyActorDefinition, type EngineEvent, type JsonValue, defineActor } from '../../engine';
import { runFlow } from '../../../test/support/kits';
import { loadNofloComponentActors } from './load-noflo-component-actors';

const ROOT = join(__dirname, '..', '..', '..');

/** Each packet sent from `from` as a run's events show it: its value and, when it has some, its groups. */
function sentFrom(events: EngineEvent[], from: string): { message: JsonValue; groups?: JsonValue[] }[] {
  return events.flatMap((event) =>
    event._type === 'MessageSent' && event.fromActor === from
      ? [event.groups === undefined ? { message: event.message } : { message: event.message, groups: event.groups }]
      : [],
  );
}

/** A native actor between two components: it sends its packet on, saying nothing of groups. */
const pass = defineActor({
  id: 'testing_pass',
  inports: { in: {} },
  outports: { out: {} },
  effects: 'none',
  fire: ({ inputs, send }) => send('out', inputs.in ?? null),
});

describe('NoFlo components as actors', () => {
  let actors: AnyActorDefinition[];
  beforeAll(async () => {
    ({ actors } = await loadNofloComponentActors(['noflo-strings', 'noflo-objects'], ROOT));
  });
  const actor = (id: string): AnyActorDefinition => {
    const found = actors.find((definition) => definition.id === id);
    if (found === undefined) throw new Error(`No actor ${id}`);
    return found;
  };

  it('names each component as NoFlo graphs do and keeps its ports and datatypes', () => {
    const split = actor('strings/SplitStr');
    expect(Object.keys(split.inports)).toEqual(['in', 'delimiter']);
    expect(split.inports.delimiter).toMatchObject({ type: 'string', description: 'Delimiter used to split' });
    expect(Object.keys(split.outports)).toEqual(['out']);
    expect(actor('objects/GetObjectKey').outports).toHaveProperty('missed');
    expect(actor('strings/SendJson').inports).toHaveProperty('json');
    expect(actors.some((definition) => definition.id === 'Graph')).toBe(false);
  });

  it('marks each component with the name and version of the package it came from', () => {
    const { name, version } = JSON.parse(readFileSync(require.resolve('noflo-objects/package.json'), 'utf8')) as { name: string; version: string };
    expect(actor('objects/GetObjectKey').package).toEqual({ name, version });
    expect(actor('strings/SplitStr').package?.name).toBe('noflo-strings');
  });

  it('sends each packet a component sends, with a setting that came with the packet applied', async () => {
    const { result, received } = await runFlow(actors, {
      processes: { split: { component: 'strings/SplitStr' } },
      connections: [
        { data: 'a-b-c', tgt: { process: 'split', port: 'in' } },
        { data: '-', tgt: { process: 'split', port: 'delimiter' } },
      ],
      collect: ['split.out'],
    });
    expect(result.success).toBe(true);
    expect(received['split.out']).toEqual(['a', 'b', 'c']);
  });

  it("sends a port's default when the graph feeds the port nothing, as NoFlo's network does", async () => {
    const { result, received } = await runFlow(actors, {
      processes: { get: { component: 'objects/GetObjectKey' } },
      connections: [
        { data: { a: 1, b: 2 }, tgt: { process: 'get', port: 'in' } },
        { data: 'b', tgt: { process: 'get', port: 'key' } },
      ],
      collect: ['get.out', 'get.object'],
    });
    expect(result.success).toBe(true);
    expect(received).toEqual({ 'get.out': [2], 'get.object': [{ a: 1, b: 2 }] });
  });

  it("fails the node with what the component sent on its error port, routed to 'error' when that is connected", async () => {
    const failing = await runFlow(actors, {
      processes: { parse: { component: 'strings/ParseJson' } },
      connections: [{ data: '{not json', tgt: { process: 'parse', port: 'in' } }],
    });
    expect(failing.result.success).toBe(false);
    expect(failing.result.errors[0]).toMatchObject({ node_id: 'parse' });
    const routed = await runFlow(actors, {
      processes: { parse: { component: 'strings/ParseJson' } },
      connections: [{ data: '{not json', tgt: { process: 'parse', port: 'in' } }],
      collect: ['parse.error'],
    });
    expect(routed.result.success).toBe(true);
    expect(routed.received['parse.error']).toEqual([expect.objectContaining({ node_id: 'parse', component: 'strings/ParseJson' })]);
  });

  it('gives each node its own component instance', async () => {
    const { received } = await runFlow(actors, {
      processes: { one: { component: 'strings/SplitStr' }, two: { component: 'strings/SplitStr' } },
      connections: [
        { data: ',', tgt: { process: 'one', port: 'delimiter' } },
        { data: 'x,y', tgt: { process: 'one', port: 'in' } },
        { data: 'p,q', tgt: { process: 'two', port: 'in' } },
      ],
      collect: ['one.out', 'two.out'],
    });
    expect(received).toEqual({ 'one.out': ['x', 'y'], 'two.out': ['p,q'] });
  });

  it("sends a component's packets within the groups its brackets open, and gives them to the next one as brackets", async () => {
    const events: EngineEvent[] = [];
    const { result, received } = await runFlow(
      actors,
      {
        processes: { split: { component: 'objects/SplitArray' }, compile: { component: 'strings/CompileString' } },
        connections: [
          { data: { x: 'p', y: 'q' }, tgt: { process: 'split', port: 'in' } },
          { src: { process: 'split', port: 'out' }, tgt: { process: 'compile', port: 'in' } },
        ],
        collect: ['compile.out'],
      },
      { onEvent: (event) => events.push(event) },
    );
    expect(result.success).toBe(true);
    expect(sentFrom(events, 'split')).toEqual([
      { message: 'p', groups: ['x'] },
      { message: 'q', groups: ['y'] },
    ]);
    // CompileString makes one text of each stream and sends it within the stream's brackets.
    expect(sentFrom(events, 'compile')).toEqual([
      { message: 'p', groups: ['x'] },
      { message: 'q', groups: ['y'] },
    ]);
    expect(received['compile.out']).toEqual(['p', 'q']);
  });

  it('keeps a stream whole through a native actor between two components', async () => {
    const { result, received } = await runFlow([...actors, pass], {
      processes: { split: { component: 'objects/SplitArray' }, pass: { component: 'testing_pass' }, compile: { component: 'strings/CompileString' } },
      connections: [
        { data: ['a', 'b', 'c'], tgt: { process: 'split', port: 'in' } },
        { data: '+', tgt: { process: 'compile', port: 'delimiter' } },
        { src: { process: 'split', port: 'out' }, tgt: { process: 'pass', port: 'in' } },
        { src: { process: 'pass', port: 'out' }, tgt: { process: 'compile', port: 'in' } },
      ],
      collect: ['compile.out'],
    });
    expect(result.success).toBe(true);
    expect(received['compile.out']).toEqual(['a+b+c']);
  });

  it('refuses a package that is not installed, and one with no component, naming it', async () => {
    await expect(loadNofloComponentActors(['noflo-nowhere'], ROOT)).rejects.toThrow(
      /^NoFlo component package 'noflo-nowhere' \(noflo_component_packages\) is not installed/,
    );
    await expect(loadNofloComponentActors(['zod'], ROOT)).rejects.toThrow("NoFlo component package 'zod' (noflo_component_packages) has no NoFlo components");
  });
});

// A component library of the tests' own, installed in a folder of its own beside a link to NoFlo.
const LATER = `const noflo = require('noflo');
exports.getComponent = () => {
  const c = new noflo.Component();
  c.inPorts.add('in', { datatype: 'all' });
  c.inPorts.add('delay', { datatype: 'number', control: true, default: 5 });
  c.outPorts.add('out', { datatype: 'all' });
  c.tearDown = (callback) => { globalThis.nofloTestingTornDown = (globalThis.nofloTestingTornDown || 0) + 1; callback(); };
  return c.process((input, output) => {
    if (!input.hasData('in', 'delay')) return;
    const data = input.getData('in');
    setTimeout(() => output.sendDone({ out: data }), input.getData('delay'));
  });
};`;

// Sends an empty bracket, a packet outside every bracket, then a packet within two brackets.
const BRACKETS = `const noflo = require('noflo');
exports.getComponent = () => {
  const c = new noflo.Component();
  c.inPorts.add('in', { datatype: 'all' });
  c.outPorts.add('out', { datatype: 'all' });
  return c.process((input, output) => {
    const data = input.getData('in');
    output.send({ out: new noflo.IP('openBracket', 'empty') });
    output.send({ out: new noflo.IP('closeBracket', 'empty') });
    output.send({ out: data });
    output.send({ out: new noflo.IP('openBracket', 'outer') });
    output.send({ out: new noflo.IP('openBracket', { inner: true }) });
    output.send({ out: data + '!' });
    output.send({ out: new noflo.IP('closeBracket', { inner: true }) });
    output.send({ out: new noflo.IP('closeBracket', 'outer') });
    output.done();
  });
};`;

const PAIRS = `const noflo = require('noflo');
exports.getComponent = () => {
  const c = new noflo.Component();
  c.inPorts.add('in', { datatype: 'string', addressable: true });
  c.outPorts.add('out', { datatype: 'array' });
  return c.process((input, output) => {
    const indexes = input.attached('in').filter((index) => input.hasData(['in', index]));
    if (indexes.length === 0) return;
    output.sendDone({ out: indexes.map((index) => input.getData(['in', index])) });
  });
};`;

describe('NoFlo components that work asynchronously', () => {
  let dir: string;
  let actors: AnyActorDefinition[];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'noflo-testing-'));
    const library = join(dir, 'node_modules', 'noflo-testing');
    mkdirSync(join(library, 'components'), { recursive: true });
    symlinkSync(realpathSync(join(ROOT, 'node_modules', 'noflo')), join(dir, 'node_modules', 'noflo'));
    writeFileSync(join(library, 'package.json'), JSON.stringify({ name: 'noflo-testing', version: '1.0.0', dependencies: { noflo: '*' } }));
    writeFileSync(join(library, 'components', 'Later.js'), LATER);
    writeFileSync(join(library, 'components', 'Pairs.js'), PAIRS);
    writeFileSync(join(library, 'components', 'Brackets.js'), BRACKETS);
    ({ actors } = await loadNofloComponentActors(['noflo-testing'], dir));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const tornDown = (): number => (globalThis as { nofloTestingTornDown?: number }).nofloTestingTornDown ?? 0;

  it('ends a firing when the component has finished what it started, not when the packet is handed over', async () => {
    const before = tornDown();
    const { result, received } = await runFlow(actors, {
      processes: { later: { component: 'testing/Later' } },
      connections: [
        { data: 'a', tgt: { process: 'later', port: 'in' } },
        { data: 'b', tgt: { process: 'later', port: 'in' } },
      ],
      collect: ['later.out'],
    });
    expect(result.success).toBe(true);
    expect(received['later.out']).toEqual(['a', 'b']);
    expect(tornDown()).toBe(before + 1);
  });

  it('shuts the component down when the run is cancelled while it works', async () => {
    const before = tornDown();
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 50);
    const { result, received } = await runFlow(
      actors,
      {
        processes: { later: { component: 'testing/Later' } },
        connections: [
          { data: 60_000, tgt: { process: 'later', port: 'delay' } },
          { data: 'never', tgt: { process: 'later', port: 'in' } },
        ],
        collect: ['later.out'],
      },
      { signal: controller.signal },
    );
    expect(result.success).toBe(false);
    expect(received).toEqual({});
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(tornDown()).toBe(before + 1);
  });

  it('sends nothing for a bracket with no packet inside, as NoFlo does', async () => {
    const events: EngineEvent[] = [];
    const { result, received } = await runFlow(
      actors,
      {
        processes: { brackets: { component: 'testing/Brackets' } },
        connections: [{ data: 'x', tgt: { process: 'brackets', port: 'in' } }],
        collect: ['brackets.out'],
      },
      { onEvent: (event) => events.push(event) },
    );
    expect(result.success).toBe(true);
    expect(received['brackets.out']).toEqual(['x', 'x!']);
    expect(sentFrom(events, 'brackets')).toEqual([{ message: 'x' }, { message: 'x!', groups: ['outer', { inner: true }] }]);
  });

  it('takes connections to slots of an addressable inport, every slot merged into the first', async () => {
    const { result, received } = await runFlow(actors, {
      processes: { pairs: { component: 'testing/Pairs' } },
      connections: [
        { data: 'x', tgt: { process: 'pairs', port: 'in', index: 0 } },
        { data: 'y', tgt: { process: 'pairs', port: 'in', index: 1 } },
      ],
      collect: ['pairs.out'],
    });
    expect(result.success).toBe(true);
    expect(received['pairs.out']).toEqual([['x'], ['y']]);
  });
});
