import { getEventListeners } from 'node:events';
import { join } from 'node:path';
import { WorkerPool } from './worker-pool';

const TASK_MODULE = join(__dirname, '..', 'actors', 'heavy-tasks.ts');
const math = (expression: string) => ({ expression, scope: {}, precision: 4 });

describe('the worker pool', () => {
  let pool: WorkerPool;
  beforeAll(() => {
    pool = new WorkerPool({ taskModule: TASK_MODULE, size: 2 });
  });
  afterAll(() => pool.close());

  it('leaves no abort listener on a signal shared by 1,000 tasks once they have settled', async () => {
    const controller = new AbortController();
    const tasks = Array.from({ length: 1000 }, (_, i) =>
      pool.run<number>('mathExpression', math(`${i} * 2`), { timeoutMs: 30_000, signal: controller.signal }),
    );
    // One listener for the signal while its tasks run, however many share it: no MaxListeners warning.
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    const values = await Promise.all(tasks);
    expect(values[999]).toBe(1998);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  }, 120_000);

  it('leaves no listener after tasks that fail, and rejects waiting tasks as soon as their signal aborts', async () => {
    const controller = new AbortController();
    const failing = await Promise.allSettled(
      Array.from({ length: 20 }, () => pool.run('mathExpression', math('1 +'), { timeoutMs: 30_000, signal: controller.signal })),
    );
    expect(failing.every((outcome) => outcome.status === 'rejected')).toBe(true);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);

    const tasks = Array.from({ length: 50 }, (_, i) => pool.run('mathExpression', math(`${i} + 1`), { timeoutMs: 30_000, signal: controller.signal }));
    controller.abort(new Error('cancelled by the run'));
    const outcomes = await Promise.allSettled(tasks);
    const cancelled = outcomes.filter((outcome) => outcome.status === 'rejected' && (outcome.reason as Error).message === 'cancelled by the run');
    expect(cancelled.length).toBeGreaterThanOrEqual(48);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    // The pool still works after workers were terminated by the cancellation.
    expect(await pool.run('mathExpression', math('6 * 7'), { timeoutMs: 30_000 })).toBe(42);
  }, 120_000);
});
