import { canonicalJson, requestFingerprint } from './request-fingerprint';

describe('canonicalJson', () => {
  it('sorts keys, skips undefined properties and writes undefined array elements as null', () => {
    expect(canonicalJson({ b: 1, a: [undefined, { z: null, y: undefined }], c: 'q"' })).toBe('{"a":[null,{"z":null}],"b":1,"c":"q\\""}');
    expect(requestFingerprint({ x: 1, y: [2] })).toBe(requestFingerprint({ y: [2], x: 1 }));
  });

  it('serialises a value nested 100,000 levels without exhausting the stack', () => {
    let deep: unknown = 0;
    for (let i = 0; i < 100_000; i++) deep = i % 2 === 0 ? [deep] : { k: deep };
    const text = canonicalJson(deep);
    expect(text.startsWith('{"k":[{"k":[')).toBe(true);
    expect(text.length).toBe(1 + 50_000 * 2 + 50_000 * 6);
  });
});
