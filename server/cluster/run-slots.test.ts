import { RunSlots } from './run-slots';

describe('the execution slots of a cluster node', () => {
  it('gives a run started here a slot only while one is free', () => {
    const slots = new RunSlots(2);
    expect([slots.tryTake(), slots.tryTake(), slots.tryTake()]).toEqual([true, true, false]);
    expect(slots.running).toBe(2);
    slots.release();
    expect(slots.running).toBe(1);
    expect(slots.tryTake()).toBe(true);
  });

  it('hands a freed slot to the job that waited longest, before any run started here', async () => {
    const slots = new RunSlots(1);
    expect(slots.tryTake()).toBe(true);
    const order: string[] = [];
    const first = slots.take().then(() => order.push('first'));
    const second = slots.take().then(() => order.push('second'));
    expect(slots.waiting).toBe(2);
    slots.release();
    expect(slots.tryTake()).toBe(false);
    await first;
    expect(order).toEqual(['first']);
    expect(slots.running).toBe(1);
    slots.release();
    await second;
    slots.release();
    expect(order).toEqual(['first', 'second']);
    expect({ running: slots.running, waiting: slots.waiting }).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a size that is not a positive integer', () => {
    expect(() => new RunSlots(0)).toThrow('Concurrency must be a positive integer, got 0');
  });
});
