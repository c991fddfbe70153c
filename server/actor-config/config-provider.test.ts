import { ActorConfig } from './actor-config';
import { ConfigError } from './config-error';
import { ConfigProvider } from './config-provider';

describe('ConfigProvider', () => {
  it('returns the configuration of a known actor, from a Map or a record', () => {
    const fromMap = new ConfigProvider(new Map([['split', ActorConfig.fromJson({ sep: ',' })]]));
    const fromRecord = new ConfigProvider({ split: { sep: ',' } });
    expect(fromMap.get('split').getString('sep')).toBe(',');
    expect(fromRecord.get('split').toObject()).toEqual({ sep: ',' });
    expect(fromRecord.has('split')).toBe(true);
    expect(fromRecord.actorIds()).toEqual(['split']);
  });

  it('throws NOT_FOUND with the actor id for an unknown actor', () => {
    const provider = new ConfigProvider({ split: {} });
    let error: unknown;
    try {
      provider.get('joiner');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(error).toMatchObject({ code: 'NOT_FOUND', actorId: 'joiner', message: expect.stringContaining("'joiner'") });
    expect(provider.actorIds()).toEqual(['split']);
  });

  it("hands out copies, so one actor's set never reaches another", () => {
    const provider = new ConfigProvider({ split: { sep: ',' } });
    provider.get('split').set('sep', ';');
    expect(provider.get('split').getString('sep')).toBe(',');
  });
});
