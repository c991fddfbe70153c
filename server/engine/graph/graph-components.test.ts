import { GraphComponents } from './graph-components';

describe('GraphComponents', () => {
  it('expands each process naming a graph component into a subgraph node holding that graph, expanded in turn', () => {
    const components = new GraphComponents();
    components.set('lib/inner', () => ({ processes: { r: { component: 'core/Repeat' } }, inports: { in: { process: 'r', port: 'in' } } }));
    components.set('lib/outer', () => ({ processes: { i: { component: 'lib/inner', metadata: { x: 1 } } } }));
    const expanded = components.expand({ processes: { o: { component: 'lib/outer' }, plain: { component: 'core/Repeat' } } });
    expect(expanded.processes).toEqual({
      o: {
        component: 'subgraph',
        metadata: {
          graph: {
            processes: {
              i: {
                component: 'subgraph',
                metadata: { x: 1, graph: { processes: { r: { component: 'core/Repeat' } }, inports: { in: { process: 'r', port: 'in' } } } },
              },
            },
          },
        },
      },
      plain: { component: 'core/Repeat' },
    });
  });

  it('answers a graph that uses none as it is, and leaves a component that names itself unexpanded', () => {
    const components = new GraphComponents();
    const plain = { processes: [{ id: 'a', component: 'core/Repeat' }] };
    expect(components.expand(plain)).toBe(plain);
    components.set('loop', () => ({ processes: { again: { component: 'loop' } } }));
    expect(components.expand({ processes: { l: { component: 'loop' } } }).processes).toEqual({
      l: { component: 'subgraph', metadata: { graph: { processes: { again: { component: 'loop' } } } } },
    });
    components.delete('loop');
    expect(components.has('loop')).toBe(false);
  });

  it("expands a tenant's graph with that tenant's components only, and a graph of no tenant with those of no tenant", () => {
    const components = new GraphComponents();
    components.set('shared', () => ({ processes: { a: { component: 'core/Repeat' } } }), 'acme');
    const graph = { processes: { s: { component: 'shared' } } };
    expect(components.expand(graph, 'acme').processes).toEqual({
      s: { component: 'subgraph', metadata: { graph: { processes: { a: { component: 'core/Repeat' } } } } },
    });
    expect(components.expand(graph, 'globex')).toBe(graph);
    expect(components.expand(graph)).toBe(graph);
    expect([components.has('shared', 'acme'), components.has('shared', 'globex'), components.has('shared')]).toEqual([true, false, false]);
  });
});
