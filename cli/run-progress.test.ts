import { type EngineEvent, type RunResult } from '../model';
import { createProgressDisplay } from './progress-display';
import { formatElapsed, progressLine, summaryLine } from './progress-format';
import { runLabels } from './run-labels';
import { RunProgress } from './run-progress';
import { readGraph } from './workflow-graph';

const result = (errors: RunResult['errors'] = []): RunResult => ({
  success: errors.length === 0,
  execution_id: 'e1',
  workflow_id: 'w',
  start_time: '2025-01-01T00:00:00.000Z',
  end_time: '2025-01-01T00:00:02.000Z',
  duration_ms: 2000,
  outputs: {},
  errors,
  nodes_executed: 2,
  nodes_failed: errors.length,
});

/** The events of a run of nodes a, b, c: a fires twice, b fails once, two packets are logged and three left out. */
function events(): EngineEvent[] {
  let seq = 0;
  const at = () => ({ seq: ++seq, timestamp: 1000 + seq });
  return [
    { _type: 'NetworkStarted', ...at(), executionId: 'e1', workflowId: 'w' },
    { _type: 'ActorStarted', ...at(), actorId: 'a', component: 'x' },
    { _type: 'ActorCompleted', ...at(), actorId: 'a', component: 'x', durationMs: 1 },
    { _type: 'MessageSent', ...at(), fromActor: 'a', fromPort: 'out', toActor: 'b', toPort: 'in', message: 1 },
    { _type: 'ActorStarted', ...at(), actorId: 'a', component: 'x' },
    { _type: 'ActorCompleted', ...at(), actorId: 'a', component: 'x', durationMs: 1 },
    { _type: 'MessageSent', ...at(), fromActor: 'a', fromPort: 'out', toActor: 'b', toPort: 'in', message: 2 },
    { _type: 'ActorStarted', ...at(), actorId: 'b', component: 'y' },
    { _type: 'ActorFailed', ...at(), actorId: 'b', component: 'y', error: 'bad packet' },
    { _type: 'EventsDropped', ...at(), dropped: 3 },
    { _type: 'Failed', ...at(), error: 'bad packet', result: result([{ node_id: 'b', message: 'bad packet' }]) },
  ];
}

describe('RunProgress', () => {
  it('counts each node once however often it fires, and every packet, those left out of the log included', () => {
    let now = 10_000;
    const progress = new RunProgress(() => now);
    progress.begin(3);
    const firstDone = events().map((event) => progress.observe(event));
    now = 12_500;
    expect(firstDone.filter((id) => id !== undefined)).toEqual(['a', 'b']);
    expect(progress.snapshot()).toEqual({ nodesFired: 2, nodesTotal: 3, nodesFailed: 1, packets: 5, elapsedMs: 0 });
    expect(progress.terminal?._type).toBe('Failed');
  });

  it('counts the nodes of the top level as the result does: a composite node once, its inner nodes not at all', () => {
    const progress = new RunProgress();
    progress.begin(2);
    let seq = 0;
    const at = () => ({ seq: ++seq, timestamp: 1000 + seq });
    const started = (actorId: string): EngineEvent => ({ _type: 'ActorStarted', ...at(), actorId, component: 'x' });
    const completed = (actorId: string): EngineEvent => ({ _type: 'ActorCompleted', ...at(), actorId, component: 'x', durationMs: 1 });
    const done = [
      started('sub'),
      started('sub/in'),
      completed('sub/in'),
      started('sub/inner'),
      started('sub/inner/deep'),
      completed('sub/inner/deep'),
      completed('sub/inner'),
      completed('sub'),
    ].map((event) => progress.observe(event));
    // Each node still gets its own "done" line.
    expect(done.filter((id) => id !== undefined)).toEqual(['sub/in', 'sub/inner/deep', 'sub/inner', 'sub']);
    expect(progress.snapshot()).toMatchObject({ nodesFired: 1, nodesTotal: 2, nodesFailed: 0 });
    progress.observe(started('sink'));
    expect(progress.snapshot()).toMatchObject({ nodesFired: 2, nodesTotal: 2 });
    // Once the run has ended, the result's own numbers are shown.
    progress.observe({ _type: 'Completed', ...at(), result: { ...result(), nodes_executed: 2, nodes_failed: 0 } });
    expect(progress.snapshot()).toMatchObject({ nodesFired: 2, nodesTotal: 2, nodesFailed: 0 });
  });

  it('stops the clock at the terminal event and never shows fewer nodes in all than have fired', () => {
    let now = 0;
    const progress = new RunProgress(() => now);
    progress.begin(1);
    now = 400;
    for (const event of events().slice(0, 9)) progress.observe(event);
    expect(progress.snapshot()).toMatchObject({ nodesTotal: 2, elapsedMs: 400 });
    now = 900;
    progress.observe(events()[10]);
    now = 5000;
    expect(progress.snapshot().elapsedMs).toBe(900);
  });
});

describe('progress text', () => {
  it('writes elapsed time as minutes, seconds and tenths', () => {
    expect(formatElapsed(0)).toBe('0:00.0');
    expect(formatElapsed(2345)).toBe('0:02.3');
    expect(formatElapsed(725_000)).toBe('12:05.0');
  });

  it('draws a bar of the nodes done, a spinner while their number is unknown, and cuts the line to the terminal', () => {
    const snapshot = { nodesFired: 3, nodesTotal: 6, nodesFailed: 0, packets: 120, elapsedMs: 2300 };
    expect(progressLine(snapshot, 80, 0)).toBe(`[${'#'.repeat(12)}${'-'.repeat(12)}] 3/6 nodes · 120 packets · 0:02.3`);
    expect(progressLine({ ...snapshot, nodesTotal: undefined, nodesFailed: 1 }, 80, 1)).toBe('[\\] 3 nodes · 120 packets · 1 failed · 0:02.3');
    expect(progressLine(snapshot, 20, 0)).toHaveLength(19);
  });

  it('sums up how the run ended', () => {
    const [terminal] = events().slice(-1);
    if (terminal._type !== 'Failed') throw new Error('the last event is the terminal one');
    expect(summaryLine(terminal, { nodesFired: 2, nodesTotal: 3, nodesFailed: 1, packets: 1, elapsedMs: 61_000 })).toBe(
      'Failed after 1:01.0: 2/3 nodes, 1 packet, 1 failed',
    );
  });
});

describe('the plain-lines display', () => {
  it('writes the id, each first finished firing and first failure once, and the end with its errors', () => {
    const written: string[] = [];
    const progress = new RunProgress(() => 0);
    const display = createProgressDisplay('lines', { write: (text: string) => written.push(text) }, progress);
    progress.begin(3);
    display.started('e1', runLabels(undefined));
    for (const event of events()) display.event(event);
    display.finish(progress.terminal!);
    expect(written.join('')).toBe(
      [
        'Started execution e1',
        'Node a done (1/3)',
        'Node b failed: bad packet',
        'Failed after 0:00.0: 2/3 nodes, 5 packets, 1 failed',
        '  b: bad packet',
        '',
      ].join('\n'),
    );
  });

  it('names the workflow and each node by its title with its id in brackets, a NoFlo label too, and ids alone for untitled nodes', () => {
    const written: string[] = [];
    const progress = new RunProgress(() => 0);
    const display = createProgressDisplay('lines', { write: (text: string) => written.push(text) }, progress);
    const graph = readGraph({
      properties: { name: 'Order intake' },
      processes: { a: { component: 'x', metadata: { title: 'Fetch order' } }, b: { component: 'y', metadata: { label: 'Parse' } }, c: { component: 'z' } },
      connections: [],
    });
    progress.begin(graph?.nodes.length);
    display.started('e1', runLabels(graph));
    for (const event of events()) display.event(event);
    display.finish(progress.terminal!);
    expect(written.join('')).toBe(
      [
        'Started execution e1 (Order intake)',
        'Node Fetch order [a] done (1/3)',
        'Node Parse [b] failed: bad packet',
        'Failed after 0:00.0: 2/3 nodes, 5 packets, 1 failed',
        '  Parse [b]: bad packet',
        '',
      ].join('\n'),
    );
  });

  it("names failed nodes by the result's titles when the graph was not known", () => {
    const written: string[] = [];
    const progress = new RunProgress(() => 0);
    const display = createProgressDisplay('lines', { write: (text: string) => written.push(text) }, progress);
    display.started('e1', runLabels(undefined));
    const failed = { ...result([{ node_id: 'b', message: 'bad packet' }]), names: { nodes: { b: 'Parse' }, outputs: {} } };
    display.finish({ _type: 'Failed', seq: 1, timestamp: 1, error: 'bad packet', result: failed });
    expect(written.join('')).toContain('\n  Parse [b]: bad packet\n');
  });
});
