import { wait } from './wait';

describe('waiting', () => {
  it('waits the time asked', async () => {
    const started = Date.now();
    await wait(50, new AbortController().signal);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('ends early with the abort reason when its signal aborts', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const waiting = wait(60_000, controller.signal);
    controller.abort(new Error('closing'));
    await expect(waiting).rejects.toThrow('closing');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('rejects at once on a signal that is already aborted', async () => {
    await expect(wait(60_000, AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
  });
});
