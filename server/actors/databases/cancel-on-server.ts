import { ActorError } from '../../engine';

/**
 * Runs a statement that the server can be asked to stop: when `timeoutMs` passes or `signal` aborts, `cancel`
 * asks the server to stop it (the driver then fails the statement), and the outcome names the reason. A
 * timeout is an actor error with code `TIMEOUT`; a run that stopped gets the server's failure as it is.
 */
export async function cancelOnServer<T>(statement: Promise<T>, cancel: () => Promise<void>, timeoutMs: number, signal: AbortSignal): Promise<T> {
  let timedOut = false;
  const stop = (): void => {
    void cancel().catch(() => undefined);
  };
  const timer = setTimeout(() => {
    timedOut = true;
    stop();
  }, timeoutMs);
  signal.addEventListener('abort', stop, { once: true });
  const timeout = (): ActorError => new ActorError(`The statement was cancelled on the server after its timeout of ${timeoutMs} ms`, { code: 'TIMEOUT' });
  try {
    const result = await statement;
    // Some statements end normally when stopped (MySQL's SLEEP answers 1): a stopped one is still a timeout.
    if (timedOut) throw timeout();
    return result;
  } catch (error) {
    throw timedOut ? timeout() : error;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', stop);
  }
}
