import { type EngineEvent, createCatalogue, defineActor } from '../../engine';
import { ExecutionService } from '../execution-service';
import { MemoryExecutionStore } from '../../storage';
import { type ExecutionRecord } from '../execution-record';
import { type Collect } from '../../../model';

/** What the actors of one test did, across the processes that ran its graph. */
interface World {
  charges: number;
  /** How long `pause` waits; a test shortens it before it resumes a run. */
  pauseMs: number;
  /** Whether `charge` hangs until its run stops: it is then stopped in the middle of its effect. */
  hangCharge: boolean;
}

function catalogueOf(world: World) {
  const charge = defineActor({
    id: 'charge',
    inports: { in: { required: true } },
    outports: { out: {} },
    effects: 'once',
    fire: async ({ inputs, send, signal }) => {
      world.charges += 1;
      if (world.hangCharge) await new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
      await send('out', { amount: inputs.in ?? null, receipt: `r-${world.charges}` });
    },
  });
  const pause = defineActor({
    id: 'pause',
    inports: { in: { required: true } },
    outports: { out: {} },
    effects: 'repeatable',
    fire: ({ inputs, send, signal }) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => void send('out', inputs.in ?? null).then(resolve), world.pauseMs);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new Error('aborted'));
        });
      }),
  });
  const label = defineActor({
    id: 'label',
    inports: { in: { required: true } },
    outports: { out: {} },
    effects: 'none',
    fire: ({ inputs, send }) => send('out', { labelled: inputs.in ?? null }),
  });
  return createCatalogue([charge, pause, label]);
}

// input → charge → pause → label → output
const checkout = {
  processes: { charge: { component: 'charge' }, pause: { component: 'pause' }, label: { component: 'label' } },
  connections: [
    { from: { nodeId: 'charge', portId: 'out' }, to: { nodeId: 'pause', portId: 'in' } },
    { from: { nodeId: 'pause', portId: 'out' }, to: { nodeId: 'label', portId: 'in' } },
  ],
  inports: { amount: { process: 'charge', port: 'in' } },
  outports: { result: { process: 'label', port: 'out' } },
};

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 500; i += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${what} did not happen`);
}

const ended = (executions: ExecutionService, id: string): Promise<ExecutionRecord> =>
  until(
    () => executions.get(id),
    (record) => ['completed', 'failed', 'cancelled'].includes(record.status),
    `execution ${id} to end`,
  );

async function eventsOf(store: MemoryExecutionStore, id: string): Promise<EngineEvent[]> {
  return store.readEvents(id, 1, 10_000);
}

/** Starts the checkout in a first process and stops that process (its grace over) once `stage` is logged. */
async function interrupted(
  world: World,
  stage: (events: EngineEvent[]) => boolean,
  metadata: Record<string, unknown> = {},
  request: { graph_json?: typeof checkout; collect?: Collect } = {},
) {
  const store = new MemoryExecutionStore();
  const first = new ExecutionService({ catalogue: catalogueOf(world), store });
  await first.startDurably({ graph_json: checkout, ...request, input: { amount: 42 }, metadata: { execution_id: 'run', ...metadata } }, { source: 'test' });
  await until(() => eventsOf(store, 'run'), stage, 'the run to reach its stage');
  await first.shutdown(0);
  return store;
}

const started = (actorId: string) => (events: EngineEvent[]) => events.some((event) => event._type === 'ActorStarted' && event.actorId === actorId);

describe('a run interrupted by the end of its process', () => {
  it('resumes in the next process: the charge is replayed from the journal, not made again, and the log goes on gapless', async () => {
    const world: World = { charges: 0, pauseMs: 60_000, hangCharge: false };
    const store = await interrupted(world, started('pause'));
    expect((await store.get('run'))?.status).toBe('running');
    const before = await eventsOf(store, 'run');

    world.pauseMs = 1;
    const second = new ExecutionService({ catalogue: catalogueOf(world), store, nodeId: 'local' });
    expect(await second.recoverInterrupted()).toEqual({ resumed: 1, failed: 0 });
    const record = await ended(second, 'run');
    expect(record.status).toBe('completed');
    expect(record.result!.outputs).toEqual({ result: { labelled: { amount: 42, receipt: 'r-1' } } });
    expect(world.charges).toBe(1);

    const events = await eventsOf(store, 'run');
    expect(events.slice(0, before.length)).toEqual(before);
    expect(events.map((event) => event.seq)).toEqual(events.map((_, i) => i + 1));
    expect(events[before.length]).toMatchObject({ _type: 'ExecutionResumed', nodeId: 'local', journaled: 1 });
    // Nothing the first process logged is logged again: one start of each firing (the pause that ran again
    // included), one packet on each connection.
    const starts = events.filter((event) => event._type === 'ActorStarted').map((event) => (event as { actorId: string }).actorId);
    expect(starts.sort()).toEqual(['charge', 'label', 'pause']);
    expect(events.filter((event) => event._type === 'MessageSent' && event.fromActor === 'charge')).toHaveLength(1);
    expect(events.filter((event) => event._type === 'NetworkStarted')).toHaveLength(1);
    expect(await store.readJournal('run')).toEqual([]);
  });

  it('collects as its request asked once resumed, a replayed packet once', async () => {
    const world: World = { charges: 0, pauseMs: 60_000, hangCharge: false };
    const withReceipt = { ...checkout, outports: { ...checkout.outports, receipt: { process: 'charge', port: 'out' } } };
    const store = await interrupted(world, started('pause'), {}, { graph_json: withReceipt, collect: 'all' });
    world.pauseMs = 1;
    const second = new ExecutionService({ catalogue: catalogueOf(world), store, nodeId: 'local' });
    expect(await second.recoverInterrupted()).toEqual({ resumed: 1, failed: 0 });
    const record = await ended(second, 'run');
    expect(record.status).toBe('completed');
    expect(record.result!.outputs).toEqual({
      receipt: [{ amount: 42, receipt: 'r-1' }],
      result: [{ labelled: { amount: 42, receipt: 'r-1' } }],
    });
    expect(world.charges).toBe(1);
  });

  it('fails, naming the node, when it stopped during an effect that must not repeat', async () => {
    const world: World = { charges: 0, pauseMs: 1, hangCharge: true };
    const store = await interrupted(world, started('charge'));
    world.hangCharge = false;
    const second = new ExecutionService({ catalogue: catalogueOf(world), store });
    await second.recoverInterrupted();
    const record = await ended(second, 'run');
    expect(record.status).toBe('failed');
    expect(record.result!.errors).toEqual([{ node_id: 'charge', message: 'interrupted during a side effect that is not repeated automatically' }]);
    expect(world.charges).toBe(1);
  });

  it('runs the interrupted effect again when the node has a retry policy', async () => {
    const world: World = { charges: 0, pauseMs: 1, hangCharge: true };
    const graph = { ...checkout, processes: { ...checkout.processes, charge: { component: 'charge', metadata: { retry: { max_attempts: 2 } } } } };
    const store = new MemoryExecutionStore();
    const first = new ExecutionService({ catalogue: catalogueOf(world), store });
    await first.startDurably({ graph_json: graph, input: { amount: 5 }, metadata: { execution_id: 'run' } }, { source: 'test' });
    await until(() => eventsOf(store, 'run'), started('charge'), 'the charge to start');
    await first.shutdown(0);
    world.hangCharge = false;
    const second = new ExecutionService({ catalogue: catalogueOf(world), store });
    await second.recoverInterrupted();
    expect((await ended(second, 'run')).status).toBe('completed');
    expect(world.charges).toBe(2);
  });

  it('fails as before when its metadata opts out, and keeps no journal', async () => {
    const world: World = { charges: 0, pauseMs: 60_000, hangCharge: false };
    const store = await interrupted(world, started('pause'), { resume_if_interrupted: false });
    const record = (await store.get('run'))!;
    expect(record.status).toBe('cancelled');
    expect(record.result!.errors).toEqual([{ message: 'shutdown: the service stopped before the run ended' }]);
  });

  it('fails when the service does not resume interrupted runs', async () => {
    const world: World = { charges: 0, pauseMs: 60_000, hangCharge: false };
    const store = await interrupted(world, started('pause'));
    const second = new ExecutionService({ catalogue: catalogueOf(world), store, resumeInterruptedRuns: false });
    expect(await second.recoverInterrupted()).toEqual({ resumed: 0, failed: 1 });
    expect((await store.get('run'))?.status).toBe('failed');
  });
});

describe('a run another node took over while this one stalled', () => {
  it('is stopped here at the next check, and logs nothing more', async () => {
    const world: World = { charges: 0, pauseMs: 60_000, hangCharge: false };
    const store = new MemoryExecutionStore();
    const stalled = new ExecutionService({ catalogue: catalogueOf(world), store, nodeId: 'stalled' });
    await stalled.startDurably({ graph_json: checkout, input: { amount: 1 }, metadata: { execution_id: 'run' } }, { source: 'test' });
    await until(() => eventsOf(store, 'run'), started('pause'), 'the pause to start');
    expect(await stalled.suspendTakenOver()).toBe(0);
    const logged = (await eventsOf(store, 'run')).length;
    expect(await store.adopt('run', 'stalled', 'other')).toMatchObject({ nodeId: 'other' });
    expect(await stalled.suspendTakenOver()).toBe(1);
    expect(await store.get('run')).toMatchObject({ status: 'running', nodeId: 'other' });
    expect(await eventsOf(store, 'run')).toHaveLength(logged);
    await stalled.shutdown(0);
    expect(await eventsOf(store, 'run')).toHaveLength(logged);
  });
});
