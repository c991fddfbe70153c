import { testCatalogue } from '../../test/support/kits';
import { GraphComponents } from '../engine';
import { silentLogger } from '../logger';
import { MemoryProtocolGraphStore } from '../storage';
import { GraphByteBudget } from './graph-byte-budget';
import { GraphCommandError } from './graph-command-error';
import { ProtocolGraphs } from './protocol-graphs';

function graphsOf(running: ReadonlySet<string> = new Set(), maxGraphs = 3) {
  const store = new MemoryProtocolGraphStore();
  const components = new GraphComponents();
  const graphs = new ProtocolGraphs({
    store,
    limits: { maxNodes: 10, maxConnections: 10 },
    maxGraphs,
    budget: new GraphByteBudget(1024 * 1024),
    catalogue: testCatalogue(),
    components,
    running: (id) => running.has(id),
    logger: silentLogger,
  });
  return { graphs, store, components };
}

describe('ProtocolGraphs', () => {
  it('lets go of the least recently changed idle graph when full, never the main graph or a running one', () => {
    const running = new Set(['b']);
    const { graphs, store, components } = graphsOf(running);
    graphs.clear('main', { main: true });
    graphs.clear('a', {});
    graphs.clear('b', {});
    expect(components.has('a')).toBe(true);
    graphs.changed(graphs.require('a'));
    // 'a' was changed last, 'b' runs, 'main' is main: none may go.
    running.add('a');
    expect(() => graphs.clear('c', {})).toThrow(GraphCommandError);
    running.delete('a');
    expect(graphs.clear('c', {})).toBe('a');
    expect(graphs.get('a')).toBeUndefined();
    expect(components.has('a')).toBe(false);
    expect([...store.documents().keys()].sort()).toEqual(['b', 'c', 'main']);
  });

  it('replaces a graph cleared again under its id without counting it twice', () => {
    const { graphs } = graphsOf();
    graphs.clear('x', {});
    graphs.require('x').addNode('n', 'test_pass', {});
    graphs.clear('x', { name: 'again' });
    graphs.clear('y', {});
    graphs.clear('z', {});
    expect(graphs.require('x').toDocument()).toMatchObject({ properties: { name: 'again' }, nodes: [] });
  });

  it('names a component by library and id, and makes none of the main graph, fixtures, or catalogue names', () => {
    const { graphs } = graphsOf(new Set(), 10);
    graphs.clear('main', { main: true });
    graphs.clear('fixture.abc', {});
    graphs.clear('test_pass', {});
    graphs.clear('g', { library: 'lib' });
    expect(
      [graphs.require('main'), graphs.require('fixture.abc'), graphs.require('test_pass'), graphs.require('g')].map((g) => graphs.componentName(g)),
    ).toEqual([undefined, undefined, undefined, 'lib/g']);
    expect(graphs.hasComponent('lib/g')).toBe(true);
    expect(graphs.byComponent('lib/g')?.id).toBe('g');
  });

  it("counts the cap per tenant: a tenant's new graph lets go of its own idle graph, never another tenant's", () => {
    const store = new MemoryProtocolGraphStore();
    const components = new GraphComponents();
    const budget = new GraphByteBudget(1024 * 1024);
    const of = (tenant: string) =>
      new ProtocolGraphs({
        tenant,
        store,
        limits: { maxNodes: 10, maxConnections: 10 },
        maxGraphs: 2,
        budget,
        catalogue: testCatalogue(),
        components,
        running: () => false,
        logger: silentLogger,
      });
    const acme = of('acme');
    const globex = of('globex');
    acme.clear('main', { main: true });
    acme.clear('a', {});
    globex.clear('main', { main: true });
    globex.clear('a', {});
    expect(globex.clear('b', {})).toBe('a');
    expect(acme.require('a').id).toBe('a');
    expect(components.has('a', 'acme')).toBe(true);
    expect(components.has('a', 'globex')).toBe(false);
    expect(components.has('b', 'globex')).toBe(true);
    const documents = store.documents();
    expect(documents.size).toBe(4);
    expect([...documents.values()].map((document) => `${String(document.tenant)}:${String(document.id)}`).sort()).toEqual([
      'acme:a',
      'acme:main',
      'globex:b',
      'globex:main',
    ]);
  });

  it('refuses a graph id holding a control character, changing nothing', () => {
    const { graphs, store } = graphsOf();
    expect(() => graphs.clear('a\u001fb', {})).toThrow('A graph id may hold no control characters');
    expect(store.documents().size).toBe(0);
  });
});
