import { formatFieldPath, getField, parseFieldPath, readFieldPath, setField } from './field-path';

describe('field paths', () => {
  it('parses dotted names, indexes and quoted keys', () => {
    expect(parseFieldPath('customer.address.city')).toEqual(['customer', 'address', 'city']);
    expect(parseFieldPath('items[0].sku')).toEqual(['items', 0, 'sku']);
    expect(parseFieldPath('items.1')).toEqual(['items', 1]);
    expect(parseFieldPath(`meta["first name"]['x.y']`)).toEqual(['meta', 'first name', 'x.y']);
    expect(parseFieldPath('')).toEqual([]);
  });

  it('rejects a malformed path with a message naming it', () => {
    expect(() => parseFieldPath('a..b')).toThrow("Invalid field path 'a..b'");
    expect(() => parseFieldPath('first name')).toThrow('Invalid field path');
  });

  it('reads own values only, and undefined for a missing step', () => {
    const value = { a: { b: [10, { c: 'x' }] } };
    expect(getField(value, ['a', 'b', 1, 'c'])).toBe('x');
    expect(getField(value, ['a', 'z', 'c'])).toBeUndefined();
    expect(getField(value, ['constructor'])).toBeUndefined();
    expect(getField(value, [])).toBe(value);
  });

  it('writes nested values, creating objects and arrays, and keeps __proto__ an ordinary key', () => {
    const target = {};
    setField(target, ['a', 'b'], 1);
    setField(target, ['list', 0, 'x'], 2);
    setField(target, ['__proto__'], 'plain');
    expect(target).toEqual({ a: { b: 1 }, list: [{ x: 2 }], ['__proto__']: 'plain' });
    expect(Object.getPrototypeOf(target)).toBe(Object.prototype);
  });

  it('formats a path back to text', () => {
    expect(formatFieldPath(['a', 0, 'first name', 'b'])).toBe('a[0]["first name"].b');
  });
});

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

  it('reads bracket and dot paths alike, quoted keys too, and finds nothing on a malformed path', () => {
    const packet = { a: [{ b: { 'c d': 1 } }] };
    expect(readFieldPath(packet, 'a[0].b["c d"]')).toEqual({ found: true, value: 1 });
    expect(readFieldPath(packet, 'a.0.b["c d"]')).toEqual({ found: true, value: 1 });
    expect(readFieldPath(packet, 'a[0].b..c')).toEqual({ found: false });
  });
});
