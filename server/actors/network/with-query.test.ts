import { withQuery } from './with-query';

describe('adding data to a URL query', () => {
  it('keeps the query of the URL and appends the keys of the data', () => {
    const url = withQuery(new URL('http://h/orders?status=open'), { page: 2, active: true });
    expect(url.href).toBe('http://h/orders?status=open&page=2&active=true');
  });

  it('replaces a key the URL already has, repeats arrays, sends objects as JSON and leaves nulls out', () => {
    const url = withQuery(new URL('http://h/x?page=1&keep=y'), { page: 3, tag: ['a', 'b'], filter: { min: 1 }, gone: null });
    expect([...url.searchParams]).toEqual([
      ['keep', 'y'],
      ['page', '3'],
      ['tag', 'a'],
      ['tag', 'b'],
      ['filter', '{"min":1}'],
    ]);
  });

  it('leaves the original URL unchanged', () => {
    const original = new URL('http://h/x?a=1');
    withQuery(original, { a: 2 });
    expect(original.href).toBe('http://h/x?a=1');
  });
});
