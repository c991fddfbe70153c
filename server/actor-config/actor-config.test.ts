import fc from 'fast-check';
import { ActorConfig } from './actor-config';
import { ConfigError } from './config-error';
import { type JsonObject, type JsonValue } from './json-value';

describe('ActorConfig', () => {
  it('starts empty from default()', () => {
    const config = ActorConfig.default();
    expect(config.size).toBe(0);
    expect(config.keys()).toEqual([]);
    expect(config.toObject()).toEqual({});
  });

  it('reads numbers as floating point, booleans and strings through the typed getters', () => {
    const config = ActorConfig.fromJson('{"rate": 1.5, "count": 3, "enabled": true, "name": "proc", "tags": ["a"]}');
    expect(config.getNumber('rate')).toBe(1.5);
    expect(config.getNumber('count')).toBe(3);
    expect(config.getBoolean('enabled')).toBe(true);
    expect(config.getString('name')).toBe('proc');
    expect(config.get('tags')).toEqual(['a']);
  });

  it('returns undefined for a missing key and for a getter of the wrong kind', () => {
    const config = ActorConfig.fromJson({ count: '42', enabled: 'true', name: 7 });
    expect(config.getNumber('missing')).toBeUndefined();
    expect(config.getNumber('count')).toBeUndefined();
    expect(config.getBoolean('enabled')).toBeUndefined();
    expect(config.getString('name')).toBeUndefined();
    expect(config.get('missing')).toBeUndefined();
  });

  it('changes the instance on set and delete and reports keys in insertion order', () => {
    const config = ActorConfig.default();
    expect(config.set('b', 1).set('a', { nested: [true] })).toBe(config);
    expect(config.has('a')).toBe(true);
    expect(config.keys()).toEqual(['b', 'a']);
    expect(config.delete('b')).toBe(true);
    expect(config.delete('b')).toBe(false);
    expect(config.toObject()).toEqual({ a: { nested: [true] } });
  });

  it('copies the value given to set, so changing the original later changes nothing', () => {
    const value: JsonObject = { host: 'a' };
    const config = ActorConfig.default().set('db', value);
    value.host = 'b';
    expect(config.get('db')).toEqual({ host: 'a' });
  });

  it('refuses a value JSON cannot hold on set, naming the key and keeping the old value', () => {
    const config = ActorConfig.fromJson({ rate: 1 });
    const attempt = (): unknown => config.set('rate', Number.NaN);
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/rate/);
    expect(config.getNumber('rate')).toBe(1);
  });

  it('rejects JSON text that is not an object with a PARSE error', () => {
    expect(() => ActorConfig.fromJson('[1, 2]')).toThrow(expect.objectContaining({ code: 'PARSE' }));
    expect(() => ActorConfig.fromJson('{oops')).toThrow(expect.objectContaining({ code: 'PARSE' }));
  });

  it('copies each key and value of a legacy Map or record as it is', () => {
    const fromMap = ActorConfig.fromLegacyHashmap(
      new Map<string, unknown>([
        ['batch_size', 10],
        ['mode', '42'],
      ]),
    );
    const fromRecord = ActorConfig.fromLegacyHashmap({ batch_size: 10, mode: '42' });
    expect(fromMap.toObject()).toEqual({ batch_size: 10, mode: '42' });
    expect(fromRecord.toObject()).toEqual(fromMap.toObject());
  });

  it('keeps a __proto__ key as data instead of a prototype', () => {
    const config = ActorConfig.fromJson('{"__proto__": {"polluted": true}}');
    expect(config.keys()).toEqual(['__proto__']);
    const object = config.toObject();
    expect(Object.getPrototypeOf(object)).toBe(Object.prototype);
    expect(Object.keys(object)).toEqual(['__proto__']);
  });

  describe('mergeWith and extendWith', () => {
    const base = ActorConfig.fromJson({ timeout: 30, log_level: 'info', log_format: 'json', db: { host: 'a', port: 1 } });
    const specialised = ActorConfig.fromJson({ timeout: 5, retries: 3, db: { port: 2 } });

    it("lets the argument's timeout win and inherits the base's logging keys", () => {
      const merged = base.mergeWith(specialised);
      expect(merged.getNumber('timeout')).toBe(5);
      expect(merged.getString('log_level')).toBe('info');
      expect(merged.getString('log_format')).toBe('json');
      expect(merged.getNumber('retries')).toBe(3);
    });

    it('replaces a nested object whole in mergeWith and merges it key by key in extendWith', () => {
      expect(base.mergeWith(specialised).get('db')).toEqual({ port: 2 });
      expect(base.extendWith(specialised).get('db')).toEqual({ host: 'a', port: 2 });
    });

    it('returns a new instance and leaves both inputs unchanged', () => {
      const before = [base.toObject(), specialised.toObject()];
      const merged = base.extendWith(specialised);
      merged.set('timeout', 99);
      (merged.get('db') as JsonObject).host = 'changed';
      expect(merged).not.toBe(base);
      expect([base.toObject(), specialised.toObject()]).toEqual(before);
    });

    it('accepts a plain object as the argument', () => {
      expect(base.mergeWith({ timeout: 1 }).getNumber('timeout')).toBe(1);
    });
  });

  describe('merge semantics (property-based)', () => {
    const key = fc.constantFrom('a', 'b', 'c', 'd', 'e');
    const value: fc.Arbitrary<JsonValue> = fc.oneof(fc.integer(), fc.boolean(), fc.string(), fc.constant(null));
    const object = fc.dictionary(key, value);

    it('has every key of either side, the argument winning on shared keys', () => {
      fc.assert(
        fc.property(object, object, (left, right) => {
          for (const merge of ['mergeWith', 'extendWith'] as const) {
            const merged = ActorConfig.fromJson(left)[merge](ActorConfig.fromJson(right)).toObject();
            expect(Object.keys(merged).sort()).toEqual([...new Set([...Object.keys(left), ...Object.keys(right)])].sort());
            for (const [k, v] of Object.entries(merged)) expect(v).toEqual(Object.hasOwn(right, k) ? right[k] : left[k]);
          }
        }),
      );
    });

    it('is associative and has the empty config as identity', () => {
      fc.assert(
        fc.property(object, object, object, (x, y, z) => {
          const [a, b, c] = [x, y, z].map((o) => ActorConfig.fromJson(o));
          expect(a.mergeWith(b).mergeWith(c).toObject()).toEqual(a.mergeWith(b.mergeWith(c)).toObject());
          expect(a.mergeWith(ActorConfig.default()).toObject()).toEqual(a.toObject());
          expect(ActorConfig.default().mergeWith(a).toObject()).toEqual(a.toObject());
        }),
      );
    });
  });
});
