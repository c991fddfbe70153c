import { runHeavy } from './heavy-work';

const catastrophic = { text: `${'a'.repeat(40)}!`, validation: 'regex' as const, pattern: '^(a+)+$' };

describe('heavy work on worker threads', () => {
  it('answers what the task computes', async () => {
    expect(await runHeavy('mathExpression', { expression: 'a * b', scope: { a: 6, b: 7 }, precision: 2 })).toBe(42);
    expect(await runHeavy('textRule', { text: 'abc', validation: 'regex', pattern: '^a' })).toBeNull();
  });

  it("rejects with the task's own error", async () => {
    await expect(runHeavy('mathExpression', { expression: 'nope(', scope: {}, precision: 2 })).rejects.toThrow(/nope|Parenthesis|Unexpected/);
  });

  it("keeps the primitive facts of the task's error, such as a parser's code", async () => {
    const options = { delimiter: '', hasHeader: true, skipRows: 0 };
    const error = await runHeavy('csvRows', { text: 'a,b\n1,2', options }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ message: expect.stringContaining('Invalid option delimiter'), code: 'CSV_INVALID_OPTION_DELIMITER' });
  });

  it('terminates a task past its time limit, and the next task still runs', async () => {
    const started = Date.now();
    await expect(runHeavy('textRule', catastrophic, { timeoutMs: 300 })).rejects.toThrow('The task took longer than 300 ms');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await runHeavy('mathExpression', { expression: '1 + 2', scope: {}, precision: 2 })).toBe(3);
  });

  it('ends a task at once when its signal aborts', async () => {
    const controller = new AbortController();
    const pending = runHeavy('textRule', catastrophic, { timeoutMs: 60_000, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('cancelled')), 100);
    await expect(pending).rejects.toThrow('cancelled');
  });
});
