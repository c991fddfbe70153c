import { ListenerSets } from './listener-sets';

describe('ListenerSets', () => {
  it('keeps listeners per id and forgets an id once its last listener is removed', () => {
    const sets = new ListenerSets<string>();
    const removeA = sets.add('x', 'a');
    const removeB = sets.add('x', 'b');
    expect([...(sets.of('x') ?? [])]).toEqual(['a', 'b']);
    removeA();
    removeB();
    expect(sets.of('x')).toBeUndefined();
  });

  it('calls every listener of every id once', () => {
    const sets = new ListenerSets<() => void>();
    const calls: string[] = [];
    sets.add('x', () => calls.push('x'));
    sets.add('y', () => calls.push('y'));
    sets.forEach((listener) => listener());
    expect(calls).toEqual(['x', 'y']);
  });
});
