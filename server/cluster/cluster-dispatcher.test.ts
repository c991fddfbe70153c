import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { type Logger } from '../logger';
import { ClusterDispatcher } from './cluster-dispatcher';
import { clusterRedisOptions } from './cluster-redis';
import { deleteNamespaceKeys } from './namespace-keys';
import { queuedExecutionIds } from '../../test/support/queued-jobs';
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

  /** Runs that wait until released, noting the most that ran at once. */
  function heldRuns() {
    const releases = new Map<string, () => void>();
    const ran: string[] = [];
    let now = 0;
    let most = 0;
    const runHere = async (executionId: string): Promise<void> => {
      ran.push(executionId);
      now += 1;
      most = Math.max(most, now);
      await new Promise<void>((resolve) => releases.set(executionId, resolve));
      now -= 1;
    };
    const release = (executionId: string): void => {
      releases.get(executionId)?.();
      releases.delete(executionId);
    };
    return { runHere, ran, release, releases, most: () => most, running: () => now };
  }

  it('logs a failed job with its execution id and the reason, and can queue the execution again', async () => {
    const logger = recordingLogger();
    const dispatcher = dispatcherOf(logger, 1);
    const held = heldRuns();
    let attempts = 0;
    dispatcher.open(async (executionId) => {
      if (executionId !== 'doomed:1') return held.runHere(executionId);
      attempts += 1;
      if (attempts === 1) throw new Error(`the store could not claim ${executionId}`);
    });
    // The one slot is busy, so the doomed execution goes through the queue.
    dispatcher.dispatch('holder');
    dispatcher.dispatch('doomed:1');
    await waitFor(() => held.ran.length === 1 && dispatcher.load().queued === 1, { what: 'the doomed job to wait', timeoutMs: 10_000 });
    held.release('holder');
    await waitFor(() => logger.lines.some((line) => line.level === 'error'), { what: 'the failure to be logged', timeoutMs: 10_000 });
    const line = logger.lines.find((entry) => entry.level === 'error')!;
    expect(line.fields).toMatchObject({ execution_id: 'doomed:1' });
    expect(line.message).toBe("An execution's job failed: the store could not claim doomed:1");
    dispatcher.dispatch('doomed:1');
    await waitFor(() => attempts === 2, { what: 'the execution to be taken again', timeoutMs: 10_000 });
  });

  it('runs an execution dispatched with a free slot here at once, with no job', async () => {
    const dispatcher = dispatcherOf(recordingLogger(), 2);
    const held = heldRuns();
    dispatcher.open(held.runHere);
    dispatcher.dispatch('here-1');
    dispatcher.dispatch('here-2');
    await waitFor(() => held.ran.length === 2, { what: 'both runs to start', timeoutMs: 10_000 });
    expect(dispatcher.load()).toEqual({ queued: 0, running: 2 });
    held.release('here-1');
    held.release('here-2');
    await waitFor(() => dispatcher.load().running === 0, { what: 'the runs to end', timeoutMs: 10_000 });
    expect(held.ran).toEqual(['here-1', 'here-2']);
    expect(await queuedExecutionIds(namespaces[namespaces.length - 1], REDIS_URL)).toEqual([]);
  });

  it('queues what it has no slot for, for another node to run, and never runs more than its concurrency', async () => {
    const logger = recordingLogger();
    const full = dispatcherOf(logger, 2);
    const namespace = namespaces[namespaces.length - 1];
    const other = new ClusterDispatcher({
      namespace,
      connect: (role) => new Redis(REDIS_URL, clusterRedisOptions(role, 2000)),
      concurrency: 8,
      failureTimeoutMs: 30_000,
      written: () => Promise.resolve(),
      logger,
    });
    dispatchers.push(other);
    const onFull = heldRuns();
    const onOther = heldRuns();
    full.open(onFull.runHere);
    full.dispatch('mine-1');
    full.dispatch('mine-2');
    const queued = ['over-1', 'over-2', 'over-3', 'over-4'];
    for (const id of queued) full.dispatch(id);
    // Only now does the other node join: the full node's worker, which holds at most one job while its slots are
    // busy, has had its chance to take one.
    await new Promise((resolve) => setTimeout(resolve, 300));
    other.open(onOther.runHere);
    await waitFor(() => onOther.ran.length >= 3, { what: 'the other node to take the queued executions', timeoutMs: 10_000 });
    expect(onFull.ran).toEqual(['mine-1', 'mine-2']);
    expect(onFull.most()).toBe(2);
    expect((await queuedExecutionIds(namespace, REDIS_URL)).sort()).toEqual([...queued].sort());
    onFull.release('mine-1');
    onFull.release('mine-2');
    for (const id of [...onOther.releases.keys()]) onOther.release(id);
    await waitFor(() => onFull.ran.length + onOther.ran.length === 6, { what: 'every execution to run', timeoutMs: 10_000 });
    for (const id of [...onFull.releases.keys()]) onFull.release(id);
    expect([...onFull.ran, ...onOther.ran].sort()).toEqual(['mine-1', 'mine-2', ...queued].sort());
    expect(onFull.most()).toBeLessThanOrEqual(2);
  });

  it('takes a queued job as soon as the runs started here end, while its own job goes on', async () => {
    const dispatcher = dispatcherOf(recordingLogger(), 2);
    const held = heldRuns();
    dispatcher.open(held.runHere);
    dispatcher.dispatch('local-1');
    dispatcher.dispatch('local-2');
    dispatcher.dispatch('job-1');
    dispatcher.dispatch('job-2');
    // The worker holds one job while the two runs started here have both slots: it waits for a slot.
    await waitFor(() => dispatcher.load().queued === 2, { what: 'two jobs waiting', timeoutMs: 10_000 });
    held.release('local-1');
    await waitFor(() => held.ran.length === 3, { what: 'a job to take the freed slot', timeoutMs: 10_000 });
    held.release('local-2');
    await waitFor(() => held.ran.length === 4, { what: 'the other job to start beside the first', timeoutMs: 10_000 });
    expect(held.running()).toBe(2);
    expect(held.ran.slice(2).sort()).toEqual(['job-1', 'job-2']);
    expect(held.most()).toBe(2);
    for (const id of [...held.releases.keys()]) held.release(id);
    await waitFor(() => dispatcher.load().running === 0, { what: 'the runs to end', timeoutMs: 10_000 });
  });
});
