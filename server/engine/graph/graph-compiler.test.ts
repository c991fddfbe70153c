import { GraphCompiler } from './graph-compiler';
import { createNetwork } from '../runtime/network';
import { testCatalogue, testRun } from '../../../test/support/kits';

const catalogue = testCatalogue();

const passGraph = (offset = 0) => ({
  inports: { x: { process: 'add', port: 'a' } },
  processes: { add: { component: 'test_add', metadata: { config: { offset } } } },
  connections: [{ data: 1, tgt: { process: 'add', port: 'b' } }],
});

describe('GraphCompiler', () => {
  it('compiles a graph once per content and shares the outcome between runs', async () => {
    const compiler = new GraphCompiler(catalogue);
    const first = compiler.compile(passGraph(), { x: 2 });
    const again = compiler.compile(JSON.parse(JSON.stringify(passGraph())), { x: 40 });
    expect(first.graph).toBeDefined();
    expect(again).toBe(first);
    expect(compiler.compile(passGraph(5), { x: 2 })).not.toBe(first);
    // The shared graph runs any number of times, each run with its own input.
    const results = await Promise.all(
      [2, 40].map((x) => createNetwork(first.graph!, catalogue, { ...testRun, input: { x } }).run()),
    );
    expect(results.map((result) => result.outputs['add.sum'])).toEqual([3, 41]);
  });

  it('keys on which inputs are given, so unknown input keys are still reported', () => {
    const compiler = new GraphCompiler(catalogue);
    expect(compiler.compile(passGraph(), { x: 1 }).issues).toEqual([]);
    const unknown = compiler.compile(passGraph(), { x: 1, y: 2 });
    expect(unknown.graph).toBeUndefined();
    expect(unknown.issues.map((issue) => issue.code)).toEqual(['UNKNOWN_INPUT']);
  });

  it('remembers issues as well, and reads the graph for them', () => {
    const compiler = new GraphCompiler(catalogue);
    const bad = { processes: { a: { component: 'tpl_nope' } } };
    const outcome = compiler.compile(bad);
    expect(outcome.issues.map((issue) => issue.code)).toEqual(['UNKNOWN_COMPONENT']);
    expect(outcome.read?.nodes.map((node) => node.id)).toEqual(['a']);
    expect(compiler.compile(bad)).toBe(outcome);
    expect(compiler.compile({ processes: 'nope' }).read).toBeUndefined();
  });

  it('forgets the least recently used graph beyond its capacity', () => {
    const compiler = new GraphCompiler(catalogue, { capacity: 2 });
    const zero = compiler.compile(passGraph(0));
    const one = compiler.compile(passGraph(1));
    expect(compiler.compile(passGraph(0))).toBe(zero);
    compiler.compile(passGraph(2));
    expect(compiler.compile(passGraph(0))).toBe(zero);
    expect(compiler.compile(passGraph(1))).not.toBe(one);
  });

  it('compiles graphs longer than its limit every time', () => {
    const compiler = new GraphCompiler(catalogue, { maxRememberedChars: 50 });
    const graph = passGraph();
    const first = compiler.compile(graph, { x: 1 });
    expect(first.graph).toBeDefined();
    expect(compiler.compile(graph, { x: 1 })).not.toBe(first);
  });

  it('keeps the node order of the graph as written, so differently ordered graphs are different graphs', () => {
    const compiler = new GraphCompiler(catalogue);
    const ab = compiler.compile({ processes: { a: { component: 'test_pass' }, b: { component: 'test_pass' } } });
    const ba = compiler.compile({ processes: { b: { component: 'test_pass' }, a: { component: 'test_pass' } } });
    expect(ab.graph?.nodes.map((node) => node.id)).toEqual(['a', 'b']);
    expect(ba.graph?.nodes.map((node) => node.id)).toEqual(['b', 'a']);
  });
});

describe('GraphCompiler content', () => {
  it('does not see a change made to the caller\'s graph after it was compiled', () => {
    const compiler = new GraphCompiler(catalogue);
    const graph = passGraph(1);
    const first = compiler.compile(graph, { x: 1 });
    graph.processes.add.metadata.config.offset = 2;
    const changed = compiler.compile(graph, { x: 1 });
    expect(changed).not.toBe(first);
    expect(changed.graph?.nodes[0].config).toEqual({ offset: 2 });
    expect(first.graph?.nodes[0].config).toEqual({ offset: 1 });
    expect(compiler.compile(passGraph(1), { x: 1 })).toBe(first);
  });

  it('does not take a class instance for the plain object of the graph compiled last', () => {
    const compiler = new GraphCompiler(catalogue);
    const plain = compiler.compile({ processes: { add: { component: 'test_add', metadata: { config: { offset: {} } } } } });
    const dated = compiler.compile({ processes: { add: { component: 'test_add', metadata: { config: { offset: new Date(0) } } } } });
    expect(dated).not.toBe(plain);
  });

  it('compiles a graph holding what is not plain JSON every time, with its issues', () => {
    const compiler = new GraphCompiler(catalogue);
    const graph = { processes: { add: { component: 'test_add', metadata: { config: { offset: new Date(0) } } } } };
    const first = compiler.compile(graph);
    expect(first.issues.length).toBeGreaterThan(0);
    expect(compiler.compile(graph)).not.toBe(first);
  });
});
