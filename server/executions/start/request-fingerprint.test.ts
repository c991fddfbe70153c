import { canonicalJson, requestFingerprint } from './request-fingerprint';

describe('canonicalJson', () => {
  it('sorts keys, skips undefined properties and writes undefined array elements as null', () => {
    expect(canonicalJson({ b: 1, a: [undefined, { z: null, y: undefined }], c: 'q"' })).toBe('{"a":[null,{"z":null}],"b":1,"c":"q\\""}');
    expect(requestFingerprint({ x: 1, y: [2] })).toBe(requestFingerprint({ y: [2], x: 1 }));
  });

  it('writes keys in code-unit order, empty containers as they are and values JSON cannot hold as null', () => {
    const value = { é: 1, Z: [[], {}, () => 1, NaN], a: { b: undefined, '10': true, '2': 'x\n"' }, '': null };
    expect(canonicalJson(value)).toBe('{"":null,"Z":[[],{},null,null],"a":{"10":true,"2":"x\\n\\""},"é":1}');
  });

  it('serialises a value nested 100,000 levels without exhausting the stack', () => {
    let deep: unknown = 0;
    for (let i = 0; i < 100_000; i++) deep = i % 2 === 0 ? [deep] : { k: deep };
    const text = canonicalJson(deep);
    expect(text.startsWith('{"k":[{"k":[')).toBe(true);
    expect(text.length).toBe(1 + 50_000 * 2 + 50_000 * 6);
  });
});
