import { runCollect } from './run-collect';

describe('runCollect', () => {
  it('collects nothing without --collect, every output for all, and the named outputs otherwise', () => {
    expect(runCollect(undefined)).toBeUndefined();
    expect(runCollect([])).toBeUndefined();
    expect(runCollect(['item', 'all'])).toBe('all');
    expect(runCollect(['item', 'done'])).toEqual({ item: 'all', done: 'all' });
  });
});
