import { readFieldPath, splitFieldPath } from './field-path';

describe('readFieldPath', () => {
  const packet = { body: { items: [{ total: 12 }, { total: 30 }] }, 'a.b': 1, flag: false, none: null };

  it('follows dotted paths through objects and array indexes', () => {
    expect(readFieldPath(packet, 'body.items.0.total')).toEqual({ found: true, value: 12 });
    expect(readFieldPath(packet, 'body.items[1].total')).toEqual({ found: true, value: 30 });
    expect(readFieldPath(packet, 'body.items.length')).toEqual({ found: true, value: 2 });
    expect(readFieldPath(packet, 'flag')).toEqual({ found: true, value: false });
    expect(readFieldPath(packet, 'none')).toEqual({ found: true, value: null });
  });

  it('finds a key holding dots, and the packet itself for an empty path', () => {
    expect(readFieldPath(packet, 'a.b')).toEqual({ found: true, value: 1 });
    expect(readFieldPath(5, '')).toEqual({ found: true, value: 5 });
  });

  it('reports missing fields, never inherited properties', () => {
    expect(readFieldPath(packet, 'body.items.5.total')).toEqual({ found: false });
    expect(readFieldPath(packet, 'body.nope')).toEqual({ found: false });
    expect(readFieldPath(packet, 'constructor')).toEqual({ found: false });
    expect(readFieldPath(packet, 'body.items.x')).toEqual({ found: false });
    expect(readFieldPath(undefined, 'x')).toEqual({ found: false });
  });

  it('splits bracket and dot paths alike', () => {
    expect(splitFieldPath('a[0].b..c')).toEqual(['a', '0', 'b', 'c']);
  });
});
