import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { type Logger } from '../logger';
import { ClusterDispatcher } from './cluster-dispatcher';
import { clusterRedisOptions } from './cluster-redis';
import { deleteNamespaceKeys } from './namespace-keys';
import { waitFor } from '../../test/support/wait-for';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A logger that keeps every line it is given. */
function recordingLogger(): Logger & { lines: { level: string; fields: Record<string, unknown>; message?: string }[] } {
  const lines: { level: string; fields: Record<string, unknown>; message?: string }[] = [];
  const at = (level: string) => (fields: object, message?: string) => void lines.push({ level, fields: fields as Record<string, unknown>, message });
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

describe('the cluster dispatcher on Redis', () => {
  const namespaces: string[] = [];
  const dispatchers: ClusterDispatcher[] = [];
  function dispatcherOf(logger: Logger, concurrency: number): ClusterDispatcher {
    const namespace = `dispatch_${randomUUID().slice(0, 8)}`;
    namespaces.push(namespace);
    const dispatcher = new ClusterDispatcher({
      namespace,
      connect: (role) => new Redis(REDIS_URL, clusterRedisOptions(role, 2000)),
      concurrency,
      failureTimeoutMs: 30_000,
      written: () => Promise.resolve(),
      logger,
    });
    dispatchers.push(dispatcher);
    return dispatcher;
  }
  afterAll(async () => {
    for (const dispatcher of dispatchers) await dispatcher.dispose();
    for (const namespace of namespaces) await deleteNamespaceKeys(REDIS_URL, namespace);
  });

  it('counts the executions waiting in the queue for the queued gauge', async () => {
    const dispatcher = dispatcherOf(recordingLogger(), 1);
    const releases: (() => void)[] = [];
    const ran: string[] = [];
    dispatcher.open(async (executionId) => {
      ran.push(executionId);
      await new Promise<void>((resolve) => releases.push(resolve));
    });
    for (const id of ['q1', 'q2', 'q3', 'q4']) dispatcher.dispatch(id);
    await waitFor(() => dispatcher.load().queued === 3 && dispatcher.load().running === 1, { what: 'three waiting and one running', timeoutMs: 10_000 });
    expect(ran).toHaveLength(1);
    while (ran.length < 4) {
      releases.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    releases.shift()?.();
    await waitFor(() => dispatcher.load().queued === 0 && dispatcher.load().running === 0, { what: 'the queue to empty', timeoutMs: 10_000 });
    expect(ran.sort()).toEqual(['q1', 'q2', 'q3', 'q4']);
  });

  it('logs a failed job with its execution id and the reason, and can queue the execution again', async () => {
    const logger = recordingLogger();
    const dispatcher = dispatcherOf(logger, 2);
    let attempts = 0;
    dispatcher.open(async (executionId) => {
      attempts += 1;
      if (attempts === 1) throw new Error(`the store could not claim ${executionId}`);
    });
    dispatcher.dispatch('doomed:1');
    await waitFor(() => logger.lines.some((line) => line.level === 'error'), { what: 'the failure to be logged', timeoutMs: 10_000 });
    const line = logger.lines.find((entry) => entry.level === 'error')!;
    expect(line.fields).toMatchObject({ execution_id: 'doomed:1' });
    expect(line.message).toBe("An execution's job failed: the store could not claim doomed:1");
    dispatcher.dispatch('doomed:1');
    await waitFor(() => attempts === 2, { what: 'the execution to be taken again', timeoutMs: 10_000 });
  });
});
