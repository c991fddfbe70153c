import { DeliveryPacer, type Pumpable } from './delivery-pacer';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/** A step whose delivery, after a read that resolves at once, keeps the thread for `deliverMs`. */
function step(log: string[], name: string, deliverMs = 0): Pumpable {
  return {
    pump: () =>
      Promise.resolve().then(() => {
        busy(deliverMs);
        log.push(name);
      }),
  };
}

describe('DeliveryPacer', () => {
  it('runs the steps in the order they were scheduled, on a later turn', async () => {
    const pacer = new DeliveryPacer();
    const log: string[] = [];
    for (const name of ['a', 'b', 'c']) pacer.schedule(step(log, name));
    expect(log).toEqual([]);
    await nextTurn();
    await nextTurn();
    expect(log).toEqual(['a', 'b', 'c']);
  });

  it('counts a step until its events are delivered, and yields the turn once its slice is used', async () => {
    const pacer = new DeliveryPacer(8);
    const log: string[] = [];
    for (let i = 0; i < 20; i++) pacer.schedule(step(log, `s${i}`, 2));
    await nextTurn();
    // The deliveries run after the reads, in microtasks: without counting them, all 20 (40 ms) would run in one turn.
    const firstTurn = log.length;
    expect(firstTurn).toBeGreaterThan(0);
    expect(firstTurn).toBeLessThan(10);
    for (let i = 0; i < 40 && log.length < 20; i++) await nextTurn();
    expect(log).toEqual(Array.from({ length: 20 }, (_, i) => `s${i}`));
  });

  it('keeps at most 4 steps in flight, starting the next as one settles', async () => {
    const pacer = new DeliveryPacer();
    const settle: (() => void)[] = [];
    let started = 0;
    for (let i = 0; i < 20; i++) pacer.schedule({ pump: () => (started++, new Promise<void>((resolve) => settle.push(resolve))) });
    await nextTurn();
    expect(started).toBe(4);
    settle[0]();
    settle[1]();
    // A slice that ran out while the test waited starts the next steps on a later turn rather than at once.
    for (let i = 0; i < 10 && started < 6; i++) await nextTurn();
    expect(started).toBe(6);
    await nextTurn();
    expect(started).toBe(6);
  });

  it('gathers live steps for a few milliseconds before running them', async () => {
    const pacer = new DeliveryPacer(8, 30);
    const log: string[] = [];
    pacer.gather(step(log, 'live'));
    await nextTurn();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(log).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(log).toEqual(['live']);
  });
});
