import { setImmediate as nextTurn } from 'node:timers/promises';
import { type CommitBatch, GroupCommit } from './group-commit';

class Batch implements CommitBatch {
  readonly items: number[] = [];
  get empty(): boolean {
    return this.items.length === 0;
  }
}

describe('GroupCommit', () => {
  it('commits the writes of one turn in one batch, and tells the waiters once it is committed', async () => {
    const committed: number[][] = [];
    const commits = new GroupCommit(
      () => new Batch(),
      (batch) => void committed.push(batch.items),
    );
    commits.next().items.push(1);
    commits.next().items.push(2);
    const written = commits.written();
    expect(committed).toEqual([]);
    await written;
    expect(committed).toEqual([[1, 2]]);
    expect(commits.idle).toBe(true);
  });

  it('commits one batch at a time, in order, the writes made meanwhile going in the next one', async () => {
    const committed: number[][] = [];
    let release: () => void = () => undefined;
    const commits = new GroupCommit(
      () => new Batch(),
      (batch) =>
        new Promise<void>((resolve) => {
          committed.push(batch.items);
          release = resolve;
        }),
    );
    commits.next().items.push(1);
    await nextTurn();
    commits.next().items.push(2);
    const second = commits.written();
    await nextTurn();
    expect(committed).toEqual([[1]]);
    release();
    await nextTurn();
    await nextTurn();
    expect(committed).toEqual([[1], [2]]);
    release();
    await second;
  });

  it('tells a failed commit to the waiters of its batch only, and goes on with the next', async () => {
    let fail = true;
    const commits = new GroupCommit(
      () => new Batch(),
      () => (fail ? Promise.reject(new Error('disk full')) : Promise.resolve()),
    );
    commits.next().items.push(1);
    await expect(commits.written()).rejects.toThrow('disk full');
    fail = false;
    commits.next().items.push(2);
    await expect(commits.written()).resolves.toBeUndefined();
  });

  it('commits at once on demand for a dialect that writes synchronously, throwing what the commit threw', async () => {
    const commits = new GroupCommit(
      () => new Batch(),
      () => {
        throw new Error('locked');
      },
    );
    commits.next().items.push(1);
    const written = commits.written();
    expect(() => commits.commitNow()).toThrow('locked');
    await expect(written).rejects.toThrow('locked');
    expect(commits.idle).toBe(true);
  });
});
