import { defineActor } from '../sdk/actor-definition';
import { type FiringContext } from './actor-context-factory';
import { createNetwork } from './network';
import { parseGraph } from '../graph/parse-graph';
import { testCatalogue, testRun } from '../../../test/support/kits';
import { validateGraph } from '../graph/validate-graph';

const source = defineActor({
  id: 'test_one',
  inports: {},
  outports: { out: {} },
  fire: ({ send }) => send('out', 1),
});
const held: FiringContext[] = [];
const holder = defineActor({
  id: 'test_holder',
  inports: {},
  outports: {},
  // Keeps its context and never reads the signal while it runs.
  fire: (ctx) => {
    held.push(ctx as unknown as FiringContext);
    return new Promise<void>(() => undefined);
  },
});
const catalogue = testCatalogue(source, holder);

function network(json: unknown) {
  const parsed = parseGraph(json);
  if (!parsed.ok) throw new Error('graph does not parse');
  const valid = validateGraph(parsed.graph, catalogue);
  if (!valid.ok) throw new Error(JSON.stringify(valid.issues));
  return createNetwork(valid.graph, catalogue, { ...testRun, stopGraceMs: 20 });
}

const threeNodes = {
  processes: { a: { component: 'test_one' }, b: { component: 'test_pass' }, c: { component: 'test_pass' } },
  connections: [
    { src: { process: 'a', port: 'out' }, tgt: { process: 'b', port: 'in' } },
    { src: { process: 'b', port: 'out' }, tgt: { process: 'c', port: 'in' } },
  ],
};

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('starting a run within the current turn', () => {
  it('finishes a short run in the turn that started it, before an immediate queued earlier', async () => {
    await nextTurn();
    let immediateRan = false;
    setImmediate(() => (immediateRan = true));
    const result = await network(threeNodes).run();
    expect(result.success).toBe(true);
    expect(result.outputs).toEqual({ 'c.out': 1 });
    expect(immediateRan).toBe(false);
  });

  it('still lets the event loop turn while runs are started back to back from resolved promises', async () => {
    await nextTurn();
    let turns = 0;
    const countTurns = (): void => {
      turns++;
      if (!stopped) setImmediate(countTurns);
    };
    let stopped = false;
    setImmediate(countTurns);
    let runs = 0;
    // Never awaits anything but the runs themselves: without a turn budget this loop would hold the event loop
    // and see no turn at all before its cap.
    while (turns < 3 && runs < 20_000) {
      const result = await network(threeNodes).run();
      expect(result.success).toBe(true);
      runs++;
    }
    stopped = true;
    expect(turns).toBe(3);
    // Each turn came after a slice of runs, not after every run.
    expect(runs).toBeGreaterThan(3);
  });

  it('gives an actor that reads its signal only after a cancel an aborted one', async () => {
    held.length = 0;
    const run = network({ processes: { h: { component: 'test_holder' } } });
    const done = run.run();
    await nextTurn();
    expect(held).toHaveLength(1);
    run.cancel('stop');
    const result = await done;
    expect(result.success).toBe(false);
    expect(run.state).toBe('cancelled');
    expect(held[0].signal.aborted).toBe(true);
  });

  it('gives a signal read while running that is aborted by the cancel', async () => {
    held.length = 0;
    const run = network({ processes: { h: { component: 'test_holder' } } });
    const done = run.run();
    await nextTurn();
    const signal = held[0].signal;
    expect(signal.aborted).toBe(false);
    run.cancel();
    await done;
    expect(signal.aborted).toBe(true);
    expect(held[0].signal).toBe(signal);
  });
});

describe('ctx.stopped()', () => {
  it('answers false while the run goes on and true once it is cancelled, as the signal does', async () => {
    held.length = 0;
    const run = network({ processes: { h: { component: 'test_holder' } } });
    const done = run.run();
    await nextTurn();
    const stopped = held[0].stopped;
    expect(stopped()).toBe(false);
    run.cancel();
    expect(stopped()).toBe(true);
    await done;
    expect(stopped()).toBe(true);
    expect(held[0].signal.aborted).toBe(true);
  });

  it('ends a source that loops on it when the run is cancelled', async () => {
    let sent = 0;
    const looping = defineActor({
      id: 'test_looping',
      inports: {},
      outports: { out: {} },
      async fire({ send, stopped }) {
        while (!stopped()) {
          await send('out', sent);
          sent++;
        }
      },
    });
    const loopCatalogue = testCatalogue(looping);
    const parsed = parseGraph({
      processes: { l: { component: 'test_looping' }, p: { component: 'test_pass' } },
      connections: [{ src: { process: 'l', port: 'out' }, tgt: { process: 'p', port: 'in' } }],
    });
    if (!parsed.ok) throw new Error('graph does not parse');
    const valid = validateGraph(parsed.graph, loopCatalogue);
    if (!valid.ok) throw new Error(JSON.stringify(valid.issues));
    const run = createNetwork(valid.graph, loopCatalogue, { ...testRun, stopGraceMs: 5_000 });
    const done = run.run();
    setTimeout(() => run.cancel(), 30);
    const started = Date.now();
    const result = await done;
    expect(run.state).toBe('cancelled');
    expect(result.success).toBe(false);
    expect(sent).toBeGreaterThan(0);
    // The loop quit by itself: the run did not wait out the 5 s grace given to actors that ignore the stop.
    expect(Date.now() - started).toBeLessThan(4_000);
    const after = sent;
    await nextTurn();
    expect(sent).toBe(after);
  });
});
