import fc from 'fast-check';
import { type JsonValue } from '../../../model';
import { fingerprintedCopy, jsonFingerprint, sameJson } from './json-fingerprint';

const LIMIT = 1_000_000;
const json = fc.jsonValue() as fc.Arbitrary<JsonValue>;

const copyOf = (value: unknown): unknown => fingerprintedCopy(value, LIMIT)?.copy;

describe('fingerprintedCopy', () => {
  it('copies as a JSON text round trip does, sharing no object with the value, with the fingerprint jsonFingerprint gives', () => {
    fc.assert(
      fc.property(json, (value) => {
        const outcome = fingerprintedCopy(value, LIMIT);
        expect(outcome?.copy).toStrictEqual(JSON.parse(JSON.stringify(value)));
        expect(outcome?.fingerprint).toBe(jsonFingerprint(value, LIMIT));
        if (typeof value === 'object' && value !== null) expect(outcome?.copy).not.toBe(value);
      }),
      { numRuns: 500 },
    );
  });

  it('leaves out undefined properties, writes -0 as 0 and keeps a __proto__ key as a property', () => {
    const value = JSON.parse('{"a":1,"__proto__":{"polluted":true}}') as Record<string, unknown>;
    value.b = undefined;
    value.c = -0;
    const copy = copyOf(value) as Record<string, unknown>;
    expect(JSON.stringify(copy)).toBe('{"a":1,"__proto__":{"polluted":true},"c":0}');
    expect(Object.is(copy.c, 0)).toBe(true);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers nothing where jsonFingerprint does: not plain JSON, nested too deep or too long', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 70; i++) deep = [deep];
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    for (const value of [new Date(0), { at: new Map() }, [undefined], Number.NaN, { n: Infinity }, () => 1, deep, cyclic, 10n]) {
      expect(fingerprintedCopy(value, LIMIT)).toBeUndefined();
    }
    expect(fingerprintedCopy({ name: 'x'.repeat(20) }, 24)?.fingerprint).toBe(jsonFingerprint({ name: 'x'.repeat(20) }, 100));
    expect(fingerprintedCopy({ name: 'x'.repeat(20) }, 23)).toBeUndefined();
    expect(fingerprintedCopy(['x'.repeat(20)], 19)).toBeUndefined();
    expect(fingerprintedCopy(Object.assign(Object.create(null) as object, { a: 1 }), LIMIT)?.fingerprint).toBe(jsonFingerprint({ a: 1 }, LIMIT));
  });

  it('goes on from a seed as jsonFingerprint does', () => {
    const seed = jsonFingerprint('json', LIMIT)!;
    expect(fingerprintedCopy({ a: [1, 'b'] }, LIMIT, seed)?.fingerprint).toBe(jsonFingerprint({ a: [1, 'b'] }, LIMIT, seed));
  });
});

describe('jsonFingerprint and sameJson', () => {
  it('agree with the JSON text: same text, same fingerprint and sameJson; different text, not sameJson', () => {
    fc.assert(
      fc.property(json, json, (a, b) => {
        const copy = JSON.parse(JSON.stringify(a)) as JsonValue;
        expect(jsonFingerprint(a, LIMIT)).toBe(jsonFingerprint(copy, LIMIT));
        expect(sameJson(a, copy)).toBe(true);
        expect(sameJson(a, b)).toBe(JSON.stringify(a) === JSON.stringify(b));
      }),
      { numRuns: 500 },
    );
  });

  it('tells apart values that differ in one character, one number or the order of keys', () => {
    const base = { processes: { a: { component: 'test_pass' }, b: { component: 'test_add', metadata: { config: { offset: 1.5 } } } } };
    const variants: unknown[] = [
      { processes: { a: { component: 'test_pasS' }, b: base.processes.b } },
      { processes: { a: base.processes.a, b: { component: 'test_add', metadata: { config: { offset: 1.25 } } } } },
      { processes: { b: base.processes.b, a: base.processes.a } },
      { processes: { a: base.processes.a, b: { component: 'test_add', metadata: { config: { offset: '1.5' } } } } },
    ];
    const stored = JSON.parse(JSON.stringify(base)) as JsonValue;
    for (const variant of variants) {
      expect(jsonFingerprint(variant, LIMIT)).not.toBe(jsonFingerprint(base, LIMIT));
      expect(sameJson(variant, stored)).toBe(false);
    }
  });

  it('skips properties whose value is undefined, as JSON.stringify does', () => {
    const stored = { a: 1 };
    expect(jsonFingerprint({ a: 1, b: undefined }, LIMIT)).toBe(jsonFingerprint(stored, LIMIT));
    expect(sameJson({ b: undefined, a: 1 }, stored)).toBe(true);
    expect(sameJson({ a: 1, b: null }, stored)).toBe(false);
  });

  it('has no fingerprint for what is not plain JSON, nests too deep or is too long', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 70; i++) deep = [deep];
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    for (const value of [new Date(0), { at: new Map() }, [undefined], Number.NaN, { n: Infinity }, () => 1, deep, cyclic, 10n]) {
      expect(jsonFingerprint(value, LIMIT)).toBeUndefined();
    }
    expect(jsonFingerprint({ name: 'x'.repeat(20) }, 24)).toBe(jsonFingerprint({ name: 'x'.repeat(20) }, 100));
    expect(jsonFingerprint({ name: 'x'.repeat(20) }, 23)).toBeUndefined();
    expect(jsonFingerprint(Object.assign(Object.create(null) as object, { a: 1 }), LIMIT)).toBe(jsonFingerprint({ a: 1 }, LIMIT));
  });
});
