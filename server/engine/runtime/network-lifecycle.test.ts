import { defineActor } from '../sdk/actor-definition';
import { type Catalogue } from '../sdk/catalogue';
import { type EngineEvent, type JsonValue } from '../../../model';
import { type Network, createNetwork } from './network';
import { type NetworkOptions } from './network-options';
import { parseGraph } from '../graph/parse-graph';
import { testCatalogue, testRun } from '../../../test/support/kits';
import { validateGraph } from '../graph/validate-graph';

interface Probe {
  signals: AbortSignal[];
  timerFired: boolean;
  lateSends: number;
}

function waitingActors(probe: Probe) {
  const cooperative = defineActor({
    id: 'test_cooperative',
    inports: {},
    outports: { out: {} },
    fire: ({ signal, setTimeout }) => {
      probe.signals.push(signal);
      setTimeout(() => {
        probe.timerFired = true;
      }, 300);
      return new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
    },
  });
  const stubborn = defineActor({
    id: 'test_stubborn',
    inports: {},
    outports: { out: {} },
    async fire({ signal, send }) {
      probe.signals.push(signal);
      await new Promise((resolve) => setTimeout(resolve, 150));
      probe.lateSends++;
      await send('out', 'too late');
    },
  });
  return [cooperative, stubborn];
}

function build(json: unknown, catalogue: Catalogue, options: Partial<NetworkOptions> = {}): { network: Network; events: EngineEvent[] } {
  const parsed = parseGraph(json);
  if (!parsed.ok) throw new Error('graph does not parse');
  const valid = validateGraph(parsed.graph, catalogue);
  if (!valid.ok) throw new Error(JSON.stringify(valid.issues));
  const events: EngineEvent[] = [];
  return { network: createNetwork(valid.graph, catalogue, { ...testRun, ...options, onEvent: (event) => events.push(event) }), events };
}

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('stopping a network', () => {
  it('cancels cooperative actors quickly: signals aborted, timers cleared, one terminal state for good', async () => {
    const probe: Probe = { signals: [], timerFired: false, lateSends: 0 };
    const { network, events } = build(
      { processes: { a: { component: 'test_cooperative' }, b: { component: 'test_cooperative' } } },
      testCatalogue(...waitingActors(probe)),
    );
    const done = network.run();
    await tick(20);
    expect(network.state).toBe('running');
    const cancelledAt = Date.now();
    network.cancel();
    expect(network.state).toBe('cancelled');
    const result = await done;
    expect(Date.now() - cancelledAt).toBeLessThan(100);
    expect(probe.signals.map((signal) => signal.aborted)).toEqual([true, true]);
    expect(result.success).toBe(false);
    expect(events.at(-1)?._type).toBe('Cancelled');
    network.cancel();
    await tick(350);
    expect(probe.timerFired).toBe(false);
    expect(network.state).toBe('cancelled');
    expect(events.filter((event) => event._type === 'Cancelled')).toHaveLength(1);
    await expect(network.run()).resolves.toBe(result);
  });

  it('cancels when the options signal aborts, also before the run starts', async () => {
    const probe: Probe = { signals: [], timerFired: false, lateSends: 0 };
    const controller = new AbortController();
    const { network, events } = build({ processes: { a: { component: 'test_cooperative' } } }, testCatalogue(...waitingActors(probe)), {
      signal: controller.signal,
    });
    const done = network.run();
    await tick(10);
    controller.abort();
    await done;
    expect(network.state).toBe('cancelled');
    expect(events.map((event) => event._type)).toEqual(['NetworkStarted', 'ActorStarted', 'Cancelled']);

    const early = build({ processes: { a: { component: 'test_cooperative' } } }, testCatalogue(...waitingActors(probe)), { signal: controller.signal });
    await early.network.run();
    expect(early.network.state).toBe('cancelled');
    expect(early.events.map((event) => event._type)).toEqual(['NetworkStarted', 'Cancelled']);
  });

  it('treats cancel before run as a cancelled run', async () => {
    const { network, events } = build({ processes: { c: { component: 'test_count', metadata: { config: { count: 1 } } } } }, testCatalogue());
    network.cancel();
    expect(network.state).toBe('cancelled');
    const result = await network.run();
    expect(result).toMatchObject({ success: false, nodes_executed: 0 });
    expect(events.map((event) => event._type)).toEqual(['NetworkStarted', 'Cancelled']);
  });

  it('fails a run that outlives its timeout, stopping every actor', async () => {
    const probe: Probe = { signals: [], timerFired: false, lateSends: 0 };
    const { network, events } = build({ processes: { a: { component: 'test_cooperative' } } }, testCatalogue(...waitingActors(probe)), { timeoutMs: 50 });
    const result = await network.run();
    expect(network.state).toBe('failed');
    expect(result.errors).toEqual([{ message: 'Run timed out after 50 ms' }]);
    expect(events.at(-1)).toMatchObject({ _type: 'Failed', error: 'Run timed out after 50 ms' });
    expect(probe.signals[0].aborted).toBe(true);
  });

  it('settles after the grace period without waiting for an actor that ignores its signal, and drops its later sends', async () => {
    const probe: Probe = { signals: [], timerFired: false, lateSends: 0 };
    const { network, events } = build({ processes: { s: { component: 'test_stubborn' } } }, testCatalogue(...waitingActors(probe)), { stopGraceMs: 30 });
    const done = network.run();
    await tick(10);
    network.cancel();
    const result = await done;
    expect(probe.lateSends).toBe(0);
    const count = events.length;
    await tick(200);
    expect(probe.lateSends).toBe(1);
    expect(events).toHaveLength(count);
    expect(result.outputs).toEqual({});
  });

  it('keeps a completed state when cancelled afterwards', async () => {
    const { network, events } = build({ processes: { c: { component: 'test_count', metadata: { config: { count: 2 } } } } }, testCatalogue());
    const result = await network.run();
    network.cancel();
    expect(network.state).toBe('completed');
    expect(result.success).toBe(true);
    expect(events.map((event) => event._type).slice(-2)).toEqual(['NetworkIdle', 'Completed']);
  });

  it('fails at start when a node configuration cannot be resolved', async () => {
    const { network, events } = build({ processes: { c: { component: 'test_count', metadata: { config: { count: 1 } } } } }, testCatalogue(), {
      resolveConfig: () => {
        throw new Error("Secret 'TOKEN' is not set");
      },
    });
    const result = await network.run();
    expect(result.errors).toEqual([{ node_id: 'c', message: "Secret 'TOKEN' is not set" }]);
    expect(events.map((event) => event._type)).toEqual(['NetworkStarted', 'ActorFailed', 'Failed']);
  });

  it('hands actors the resolved configuration', async () => {
    const received: JsonValue[] = [];
    const { network } = build({ processes: { c: { component: 'test_constant', metadata: { config: { value: '${secret:X}' } } } } }, testCatalogue(), {
      resolveConfig: (config, nodeId) => {
        received.push(nodeId);
        return { ...config, value: 'resolved' };
      },
    });
    const result = await network.run();
    expect(received).toEqual(['c']);
    expect(result.outputs).toEqual({ 'c.out': 'resolved' });
  });
});
