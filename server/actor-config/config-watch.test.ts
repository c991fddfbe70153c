import { ActorConfig } from './actor-config';
import { createConfigWatch } from './config-watch';

describe('createConfigWatch', () => {
  it('gives the receiver the latest value sent, with a growing version', () => {
    const { sender, receiver } = createConfigWatch(ActorConfig.fromJson({ rate: 1 }));
    expect(receiver.current().getNumber('rate')).toBe(1);
    expect(receiver.version).toBe(0);
    expect(sender.send(ActorConfig.fromJson({ rate: 2 }))).toBe(true);
    expect(sender.send(ActorConfig.fromJson({ rate: 3 }))).toBe(true);
    expect(receiver.current().getNumber('rate')).toBe(3);
    expect(receiver.version).toBe(2);
    expect(sender.version).toBe(2);
  });

  it('resolves changed() at the next send', async () => {
    const { sender, receiver } = createConfigWatch(ActorConfig.default());
    let settled = false;
    const next = receiver.changed().then((changed) => {
      settled = true;
      return changed;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    sender.send(ActorConfig.fromJson({ mode: 'fast' }));
    await expect(next).resolves.toBe(true);
    expect(receiver.current().getString('mode')).toBe('fast');
  });

  it('resolves changed() at once for a value sent since the last call, and waits afterwards', async () => {
    const { sender, receiver } = createConfigWatch(0);
    sender.send(1);
    sender.send(2);
    await expect(receiver.changed()).resolves.toBe(true);
    let settled = false;
    void receiver.changed().then(() => {
      settled = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    sender.close();
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(true);
  });

  it('settles a pending changed() with false when the sender closes, and refuses later sends', async () => {
    const { sender, receiver } = createConfigWatch(ActorConfig.fromJson({ rate: 1 }));
    const pending = receiver.changed();
    sender.close();
    await expect(pending).resolves.toBe(false);
    await expect(receiver.changed()).resolves.toBe(false);
    expect(sender.send(ActorConfig.fromJson({ rate: 9 }))).toBe(false);
    expect(receiver.current().getNumber('rate')).toBe(1);
    expect(receiver.closed).toBe(true);
    expect(sender.closed).toBe(true);
  });

  it('still reports a value sent just before close', async () => {
    const { sender, receiver } = createConfigWatch('a');
    sender.send('b');
    sender.close();
    await expect(receiver.changed()).resolves.toBe(true);
    await expect(receiver.changed()).resolves.toBe(false);
  });

  it('wakes every receiver, each tracking what it has seen', async () => {
    const { sender, receiver } = createConfigWatch('v0');
    const other = sender.subscribe();
    const waits = Promise.all([receiver.changed(), other.changed()]);
    sender.send('v1');
    await expect(waits).resolves.toEqual([true, true]);
    expect(other.current()).toBe('v1');
  });

  it('keeps a second concurrent wait of one receiver pending until a later value', async () => {
    const { sender, receiver } = createConfigWatch(0);
    const first = receiver.changed();
    const second = receiver.changed();
    sender.send(1);
    await expect(first).resolves.toBe(true);
    sender.send(2);
    await expect(second).resolves.toBe(true);
  });

  it('reads current() cheaply enough for every firing', () => {
    const { receiver } = createConfigWatch(ActorConfig.fromJson({ rate: 1 }));
    const started = process.hrtime.bigint();
    let sum = 0;
    for (let i = 0; i < 1_000_000; i += 1) sum += receiver.current().size;
    const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
    expect(sum).toBe(1_000_000);
    expect(elapsedMs).toBeLessThan(500);
  });
});
