import { ActorConfig } from './actor-config';
import { NetworkConfig } from './network-config';

describe('NetworkConfig', () => {
  it("gives each node its own values over the network's defaults", () => {
    const network = new NetworkConfig({ defaultActorConfig: { timeout: 30, retries: 3 } })
      .addNodeWithConfig('fetch', 'tpl_http_request', { timeout: 5 })
      .addNodeWithConfig('log', 'tpl_log');
    expect(network.configFor('fetch').toObject()).toEqual({ timeout: 5, retries: 3 });
    expect(network.configFor('log').toObject()).toEqual({ timeout: 30, retries: 3 });
    expect(network.nodes()).toEqual([
      { nodeId: 'fetch', component: 'tpl_http_request' },
      { nodeId: 'log', component: 'tpl_log' },
    ]);
  });

  it('reads default_actor_config from the spec shape', () => {
    const network = NetworkConfig.fromJson({ default_actor_config: { level: 'info' } }).addNodeWithConfig('a', 'tpl_a', ActorConfig.fromJson({ x: 1 }));
    expect(network.defaultActorConfig.getString('level')).toBe('info');
    expect(network.configFor('a').toObject()).toEqual({ level: 'info', x: 1 });
    expect(network.toJSON()).toEqual({ default_actor_config: { level: 'info' }, nodes: { a: { component: 'tpl_a', config: { x: 1 } } } });
    expect(() => NetworkConfig.fromJson({ default_actor_config: 'x' })).toThrow(expect.objectContaining({ code: 'VALIDATION' }));
  });

  it('copies the config of a node, so later changes to it do not leak in', () => {
    const own = ActorConfig.fromJson({ x: 1 });
    const network = new NetworkConfig().addNodeWithConfig('a', 'tpl_a', own);
    own.set('x', 2);
    expect(network.configFor('a').getNumber('x')).toBe(1);
  });

  it('throws NOT_FOUND naming an unknown node and VALIDATION for a node added twice', () => {
    const network = new NetworkConfig().addNodeWithConfig('a', 'tpl_a');
    expect(() => network.configFor('b')).toThrow(expect.objectContaining({ code: 'NOT_FOUND', actorId: 'b' }));
    expect(() => network.addNodeWithConfig('a', 'tpl_other')).toThrow(expect.objectContaining({ code: 'VALIDATION', actorId: 'a' }));
    expect(network.nodes()).toEqual([{ nodeId: 'a', component: 'tpl_a' }]);
  });

  it('hands out a provider of every merged node configuration', () => {
    const provider = new NetworkConfig({ defaultActorConfig: { d: true } }).addNodeWithConfig('a', 'tpl_a', { x: 1 }).toProvider();
    expect(provider.get('a').toObject()).toEqual({ d: true, x: 1 });
  });
});
