import { ConcurrencyGate } from './concurrency-gate';

describe('ConcurrencyGate', () => {
  it('admits up to its limit and lets the others in, in arrival order, as places free up', async () => {
    const gate = new ConcurrencyGate(2);
    const admitted: string[] = [];
    expect(await gate.enter()).toBe(true);
    expect(await gate.enter()).toBe(true);
    const third = gate.enter().then((entered) => admitted.push(`third ${entered}`));
    const fourth = gate.enter().then((entered) => admitted.push(`fourth ${entered}`));
    expect(gate.waitingCount).toBe(2);
    gate.leave();
    await third;
    expect(admitted).toEqual(['third true']);
    gate.leave();
    await fourth;
    expect(admitted).toEqual(['third true', 'fourth true']);
    expect(gate.activeCount).toBe(2);
  });

  it('lets a waiter give up through its signal without taking a place', async () => {
    const gate = new ConcurrencyGate(1);
    await gate.enter();
    const controller = new AbortController();
    const waiting = gate.enter(controller.signal);
    controller.abort();
    expect(await waiting).toBe(false);
    expect(gate.waitingCount).toBe(0);
    gate.leave();
    expect(gate.activeCount).toBe(0);
  });

  it('refuses a limit below one', () => {
    expect(() => new ConcurrencyGate(0)).toThrow(RangeError);
  });
});
