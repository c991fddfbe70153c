import { join } from 'node:path';
import { type AnyActorDefinition } from '../../engine';
import { runFlow } from '../../../test/support/kits';
import { loadNofloComponentActors } from './load-noflo-component-actors';

const ROOT = join(__dirname, '..', '..', '..');

describe('NoFlo components as actors', () => {
  let actors: AnyActorDefinition[];
  beforeAll(async () => {
    actors = await loadNofloComponentActors(['noflo-strings', 'noflo-objects'], ROOT);
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

  it('refuses a package that is not installed, and one with no component, naming it', async () => {
    await expect(loadNofloComponentActors(['noflo-nowhere'], ROOT)).rejects.toThrow(/^NoFlo component package 'noflo-nowhere' \(noflo_component_packages\) is not installed/);
    await expect(loadNofloComponentActors(['zod'], ROOT)).rejects.toThrow("NoFlo component package 'zod' (noflo_component_packages) has no NoFlo components");
  });
});
