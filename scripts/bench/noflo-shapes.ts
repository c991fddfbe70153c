import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as noflo from 'noflo';

/*
 * The benchmark shapes on NoFlo 1.5.2, built from the same three components as the engine's (a source that
 * sends N numbers, a pass-through, a counting sink). A run ends when the sinks have seen every packet, not
 * after NoFlo's end-of-network debounce, so NoFlo is timed at its best.
 */

type Done = () => void;

interface SinkState {
  expected: number;
  seen: number;
  done: Done;
}

// The state the components of the current run report to (runs never overlap).
const current: { count: number; sink: SinkState } = { count: 0, sink: { expected: 0, seen: 0, done: () => undefined } };

function source(): noflo.Component {
  return new noflo.Component({
    inPorts: { start: { datatype: 'all' } },
    outPorts: { out: { datatype: 'all' } },
    process(input, output) {
      if (!input.hasData('start')) return;
      input.getData('start');
      for (let i = 0; i < current.count; i++) output.send({ out: i });
      output.done();
    },
  });
}

function pass(): noflo.Component {
  return new noflo.Component({
    inPorts: { in: { datatype: 'all' } },
    outPorts: { out: { datatype: 'all' } },
    process(input, output) {
      if (!input.hasData('in')) return;
      output.sendDone({ out: input.getData('in') as unknown });
    },
  });
}

function sink(): noflo.Component {
  return new noflo.Component({
    inPorts: { in: { datatype: 'all' } },
    process(input, output) {
      if (!input.hasData('in')) return;
      input.getData('in');
      output.done();
      const state = current.sink;
      if (++state.seen === state.expected) state.done();
    },
  });
}

let loader: noflo.ComponentLoader | undefined;

// One loader for every run, rooted in an empty directory (nothing to discover) with the three components.
async function benchLoader(): Promise<noflo.ComponentLoader> {
  if (loader !== undefined) return loader;
  const created = new noflo.ComponentLoader(mkdtempSync(join(tmpdir(), 'noflo-bench-')));
  await created.listComponents();
  created.registerComponent('bench', 'Source', source);
  created.registerComponent('bench', 'Pass', pass);
  created.registerComponent('bench', 'Sink', sink);
  loader = created;
  return created;
}

/** Builds a NoFlo graph: a source, the given pass nodes in a chain, and sinks on the last one. */
function graphOf(stages: number, sinks: number): noflo.Graph {
  const graph = new noflo.Graph('bench');
  graph.addNode('source', 'bench/Source');
  let previous = 'source';
  for (let i = 0; i < stages; i++) {
    graph.addNode(`pass${i}`, 'bench/Pass');
    graph.addEdge(previous, 'out', `pass${i}`, 'in');
    previous = `pass${i}`;
  }
  for (let i = 0; i < sinks; i++) {
    graph.addNode(`sink${i}`, 'bench/Sink');
    graph.addEdge(previous, 'out', `sink${i}`, 'in');
  }
  graph.addInitial(true, 'source', 'start');
  return graph;
}

/** Builds, starts and runs one NoFlo network until its sinks have seen `count` packets each; answers the milliseconds. */
export async function runNoflo(count: number, stages: number, sinks: number): Promise<number> {
  return runNofloGraph(graphOf(stages, sinks), count, sinks);
}

/**
 * The 3-node network (source, pass, sink; one packet) read from FBP JSON by `noflo.graph.loadJSON`, the JSON a
 * new object with a new graph name on every call, as the engine's fresh graphs are; answers the milliseconds.
 */
export async function runNofloFresh(serial: number): Promise<number> {
  const json = {
    properties: { name: `bench-${serial}` },
    processes: { source: { component: 'bench/Source' }, pass: { component: 'bench/Pass' }, sink: { component: 'bench/Sink' } },
    connections: [
      { data: true, tgt: { process: 'source', port: 'start' } },
      { src: { process: 'source', port: 'out' }, tgt: { process: 'pass', port: 'in' } },
      { src: { process: 'pass', port: 'out' }, tgt: { process: 'sink', port: 'in' } },
    ],
  };
  const started = performance.now();
  const graph = await noflo.graph.loadJSON(json);
  return performance.now() - started + (await runNofloGraph(graph, 1, 1));
}

async function runNofloGraph(graph: noflo.Graph, count: number, sinks: number): Promise<number> {
  const componentLoader = await benchLoader();
  current.count = count;
  const started = performance.now();
  const finished = new Promise<void>((resolve) => {
    current.sink = { expected: count * sinks, seen: 0, done: resolve };
  });
  const network = await noflo.createNetwork(graph, { componentLoader, subscribeGraph: false, delay: false } as never);
  await finished;
  const ms = performance.now() - started;
  await network.stop();
  return ms;
}
