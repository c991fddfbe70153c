import { PacketQueue } from './packet-queue';

describe('a packet queue', () => {
  it('keeps first-in first-out order across growth and wrap-around', () => {
    const queue = new PacketQueue<number>(2);
    const out: number[] = [];
    let next = 0;
    for (let round = 0; round < 50; round++) {
      for (let i = 0; i < 7; i++) queue.push(next++);
      for (let i = 0; i < 5; i++) out.push(queue.shift()!);
    }
    while (queue.length > 0) out.push(queue.shift()!);
    expect(out).toEqual(Array.from({ length: next }, (_, i) => i));
    expect(queue.shift()).toBeUndefined();
  });

  it('peeks without removing and clears everything', () => {
    const queue = new PacketQueue<string>();
    queue.push('a');
    queue.push('b');
    expect(queue.peek()).toBe('a');
    expect(queue.length).toBe(2);
    queue.clear();
    expect(queue.length).toBe(0);
    expect(queue.peek()).toBeUndefined();
  });
});
