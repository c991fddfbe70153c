import { z } from 'zod';
import { ActorError } from '../sdk/actor-error';
import { type FiringEffects, defineActor } from '../sdk/actor-definition';
import { type FiringJournal, type FiringOutcome, type JournalEntry, type JournalLookup } from './firing-journal';
import { runGraph } from './run-graph';
import { testCatalogue, testRun } from '../../../test/support/kits';

/** A journal in memory: what a store would keep, and the calls the network made. */
class MemoryJournal implements FiringJournal {
  readonly entries = new Map<string, JournalEntry>();
  readonly startsAwaited: string[] = [];
  private readonly counts = new Map<string, number>();

  constructor(previous: JournalEntry[] = []) {
    for (const entry of previous) this.entries.set(`${entry.nodeId}#${entry.firing}`, entry);
  }

  next(nodeId: string): JournalLookup {
    const firing = (this.counts.get(nodeId) ?? 0) + 1;
    this.counts.set(nodeId, firing);
    const entry = this.entries.get(`${nodeId}#${firing}`);
    if (entry === undefined) return { firing, state: 'new' };
    return entry.outcome === undefined ? { firing, state: 'interrupted' } : { firing, state: 'recorded', outcome: entry.outcome };
  }

  async starting(nodeId: string, firing: number): Promise<void> {
    this.entries.set(`${nodeId}#${firing}`, { nodeId, firing });
    await Promise.resolve();
    this.startsAwaited.push(`${nodeId}#${firing}`);
  }

  ended(nodeId: string, firing: number, outcome: FiringOutcome): void {
    this.entries.set(`${nodeId}#${firing}`, { nodeId, firing, outcome: JSON.parse(JSON.stringify(outcome)) as FiringOutcome });
  }
}

/** An actor with an effect: each firing counts a call, and answers the call's number. */
function effectActor(effects: FiringEffects, calls: { count: number }, failFirst = 0) {
  return defineActor({
    id: `test_effect_${effects}`,
    inports: { in: { required: true } },
    outports: { out: {}, 'error-out': {} },
    config: z.object({}),
    effects,
    fire: async ({ inputs, send }) => {
      calls.count += 1;
      if (calls.count <= failFirst) throw new ActorError(`call ${calls.count} failed`, { code: 'Unavailable', status: 503 });
      await send('out', { call: calls.count, got: inputs.in ?? null });
    },
  });
}

const chain = (component: string, retry?: object) => ({
  processes: {
    src: { component: 'test_constant', metadata: { config: { value: 7 } } },
    effect: { component, metadata: retry === undefined ? {} : { retry } },
    after: { component: 'test_pass' },
  },
  connections: [
    { from: { nodeId: 'src', portId: 'out' }, to: { nodeId: 'effect', portId: 'in' } },
    { from: { nodeId: 'effect', portId: 'out' }, to: { nodeId: 'after', portId: 'in' } },
  ],
});

describe('the firing journal', () => {
  it('journals the outcome of each firing with effects, and none of a pure node', async () => {
    const calls = { count: 0 };
    const journal = new MemoryJournal();
    const { result } = await runGraph(chain('test_effect_repeatable'), testCatalogue(effectActor('repeatable', calls)), { ...testRun, journal });
    expect(result.success).toBe(true);
    expect([...journal.entries.values()]).toEqual([{ nodeId: 'effect', firing: 1, outcome: { sends: [{ port: 'out', packet: { call: 1, got: 7 } }] } }]);
    expect(journal.startsAwaited).toEqual([]);
  });

  it('makes a firing whose effect must not repeat wait until its start is journaled', async () => {
    const calls = { count: 0 };
    const journal = new MemoryJournal();
    const { result } = await runGraph(chain('test_effect_once'), testCatalogue(effectActor('once', calls)), { ...testRun, journal });
    expect(result.success).toBe(true);
    expect(journal.startsAwaited).toEqual(['effect#1']);
    expect(journal.entries.get('effect#1')?.outcome?.sends).toEqual([{ port: 'out', packet: { call: 1, got: 7 } }]);
  });

  it('replays a recorded firing instead of making it again, and what follows sees the same packets', async () => {
    const calls = { count: 0 };
    const catalogue = testCatalogue(effectActor('once', calls));
    const first = await runGraph(chain('test_effect_once'), catalogue, { ...testRun, journal: new MemoryJournal() });
    const recorded = new MemoryJournal([{ nodeId: 'effect', firing: 1, outcome: { sends: [{ port: 'out', packet: { call: 1, got: 7 } }] } }]);
    const again = await runGraph(chain('test_effect_once'), catalogue, { ...testRun, journal: recorded });
    expect(calls.count).toBe(1);
    expect(again.result.outputs).toEqual(first.result.outputs);
    expect(again.result.success).toBe(true);
  });

  it('replays a recorded failure to the error port as it was routed then', async () => {
    const calls = { count: 0 };
    const graph = {
      ...chain('test_effect_once'),
      connections: [...chain('test_effect_once').connections, { from: { nodeId: 'effect', portId: 'error-out' }, to: { nodeId: 'after', portId: 'in' } }],
    };
    const recorded = new MemoryJournal([{ nodeId: 'effect', firing: 1, outcome: { sends: [], error: { message: 'HTTP 503', details: { status: 503 } } } }]);
    const { result } = await runGraph(graph, testCatalogue(effectActor('once', calls)), { ...testRun, journal: recorded });
    expect(calls.count).toBe(0);
    expect(result.success).toBe(true);
    expect(result.outputs['after.out']).toEqual({ status: 503, message: 'HTTP 503', node_id: 'effect', component: 'test_effect_once' });
  });

  it('fails the run, naming the node, when a firing whose effect must not repeat was interrupted', async () => {
    const calls = { count: 0 };
    const interrupted = new MemoryJournal([{ nodeId: 'effect', firing: 1 }]);
    const { result } = await runGraph(chain('test_effect_once'), testCatalogue(effectActor('once', calls)), { ...testRun, journal: interrupted });
    expect(calls.count).toBe(0);
    expect(result.success).toBe(false);
    expect(result.errors).toEqual([{ node_id: 'effect', message: 'interrupted during a side effect that is not repeated automatically' }]);
  });

  it('runs an interrupted firing again when its effect is repeatable, or when the node has a retry policy', async () => {
    const repeatable = { count: 0 };
    const first = await runGraph(chain('test_effect_repeatable'), testCatalogue(effectActor('repeatable', repeatable)), {
      ...testRun,
      journal: new MemoryJournal([{ nodeId: 'effect', firing: 1 }]),
    });
    expect(first.result.success).toBe(true);
    expect(repeatable.count).toBe(1);
    const once = { count: 0 };
    const second = await runGraph(chain('test_effect_once', { max_attempts: 2 }), testCatalogue(effectActor('once', once)), {
      ...testRun,
      journal: new MemoryJournal([{ nodeId: 'effect', firing: 1 }]),
    });
    expect(second.result.success).toBe(true);
    expect(once.count).toBe(1);
  });

  it('journals nothing without a journal, and never asks one about a pure node', async () => {
    const journal = new MemoryJournal();
    const { result } = await runGraph(chain('test_pass'), testCatalogue(), { ...testRun, journal });
    expect(result.success).toBe(true);
    expect(journal.entries.size).toBe(0);
  });
});

describe('a node retry policy', () => {
  it('runs a failed firing again with the same inputs, each attempt an event, until it succeeds', async () => {
    const calls = { count: 0 };
    const { result, events } = await runGraph(
      chain('test_effect_repeatable', { max_attempts: 3, backoff_ms: 1 }),
      testCatalogue(effectActor('repeatable', calls, 2)),
      testRun,
    );
    expect(result.success).toBe(true);
    expect(result.outputs['after.out']).toEqual({ call: 3, got: 7 });
    const retries = events.filter((event) => event._type === 'ActorRetrying');
    expect(retries).toEqual([
      expect.objectContaining({ actorId: 'effect', attempt: 1, error: 'call 1 failed', delayMs: 1 }),
      expect.objectContaining({ actorId: 'effect', attempt: 2, error: 'call 2 failed', delayMs: 2 }),
    ]);
    expect(events.filter((event) => event._type === 'ActorStarted' && event.actorId === 'effect')).toHaveLength(3);
  });

  it('fails as before once the attempts are used up, with the last error', async () => {
    const calls = { count: 0 };
    const { result } = await runGraph(
      chain('test_effect_repeatable', { max_attempts: 2, backoff_ms: 1 }),
      testCatalogue(effectActor('repeatable', calls, 5)),
      testRun,
    );
    expect(calls.count).toBe(2);
    expect(result.errors).toEqual([{ node_id: 'effect', message: 'call 2 failed' }]);
  });

  it('retries only the failures whose code, kind or status it names', async () => {
    const byStatus = { count: 0 };
    const ok = await runGraph(
      chain('test_effect_repeatable', { max_attempts: 2, backoff_ms: 0, on: ['503'] }),
      testCatalogue(effectActor('repeatable', byStatus, 1)),
      testRun,
    );
    expect(ok.result.success).toBe(true);
    const other = { count: 0 };
    const refused = await runGraph(
      chain('test_effect_repeatable', { max_attempts: 2, backoff_ms: 0, on: ['Timeout'] }),
      testCatalogue(effectActor('repeatable', other, 1)),
      testRun,
    );
    expect(refused.result.success).toBe(false);
    expect(other.count).toBe(1);
  });

  it('refuses a malformed policy at validation, naming the field', async () => {
    await expect(runGraph(chain('test_pass', { max_attempts: 0 }), testCatalogue(), testRun)).rejects.toThrow(
      /MALFORMED at processes\.effect\.metadata\.retry\.max_attempts/,
    );
    await expect(runGraph(chain('test_pass', { max_attempts: 2, every: 1 }), testCatalogue(), testRun)).rejects.toThrow(
      /MALFORMED at processes\.effect\.metadata\.retry: .*every/,
    );
  });
});
