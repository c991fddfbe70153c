import { ActorConfig } from './actor-config';
import { configsFromGraph } from './graph-configs';

describe('configsFromGraph', () => {
  const graph = {
    caseSensitive: false,
    properties: { name: 'orders' },
    processes: {
      split: { component: 'tpl_split', metadata: { propertyValues: { sep: ';', limit: 10 }, config: { sep: ',' } } },
      legacy: { component: 'tpl_legacy', metadata: { property_values: { mode: 'old' } } },
      plain: { component: 'tpl_plain' },
    },
    connections: [{ from: { nodeId: 'split', portId: 'out' }, to: { nodeId: 'plain', portId: 'in' } }],
  };

  it("merges each process's propertyValues under metadata.config, config winning", () => {
    const configs = configsFromGraph(graph);
    expect([...configs.keys()]).toEqual(['split', 'legacy', 'plain']);
    expect(configs.get('split')!.toObject()).toEqual({ sep: ',', limit: 10 });
    expect(configs.get('legacy')!.toObject()).toEqual({ mode: 'old' });
    expect(configs.get('plain')!.size).toBe(0);
  });

  it('reads graph JSON text and starts every node from the given defaults', () => {
    const configs = configsFromGraph(JSON.stringify(graph), ActorConfig.fromJson({ limit: 1, retries: 3 }));
    expect(configs.get('split')!.toObject()).toEqual({ limit: 10, retries: 3, sep: ',' });
    expect(configs.get('plain')!.toObject()).toEqual({ limit: 1, retries: 3 });
  });

  it('gives an empty map for a graph with no processes', () => {
    expect(configsFromGraph({ connections: [] }).size).toBe(0);
  });

  it('names the process whose config is malformed', () => {
    const bad = { processes: { split: { component: 'tpl_split', metadata: { config: 'sep=,' } } } };
    expect(() => configsFromGraph(bad)).toThrow(
      expect.objectContaining({ code: 'VALIDATION', actorId: 'split', message: expect.stringContaining('processes.split.metadata.config') }),
    );
    expect(() => configsFromGraph('{not json')).toThrow(expect.objectContaining({ code: 'PARSE' }));
  });
});
