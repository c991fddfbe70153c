import { GraphCompiler } from './graph-compiler';
import { testCatalogue } from '../../../test/support/kits';

const compiler = new GraphCompiler(testCatalogue());
const namesOf = (json: unknown) => {
  const { graph, issues } = compiler.compile(json);
  if (graph === undefined) throw new Error(issues.map((issue) => issue.message).join('; '));
  return [...compiler.outputNames(graph)].sort();
};

describe('runOutputNames', () => {
  it('names the exported outports and graph-output ports of a graph that exports outports', () => {
    const names = namesOf({
      processes: {
        a: { component: 'test_constant' },
        b: { component: 'test_pass' },
        o: { component: 'test_graph_output', metadata: { config: { outputName: 'extra' } } },
      },
      connections: [{ src: { process: 'a', port: 'out' }, tgt: { process: 'o', port: 'data' } }],
      outports: { result: { process: 'b', port: 'out' } },
    });
    expect(names).toEqual(['extra', 'result']);
  });

  it('names every output port without a connection of a graph that exports none, composite nodes included', () => {
    const names = namesOf({
      processes: {
        a: { component: 'test_constant' },
        f: { component: 'test_fail' },
        sub: {
          component: 'subgraph',
          metadata: { graph: { processes: { p: { component: 'test_pass' } }, outports: { inner: { process: 'p', port: 'out' } } } },
        },
      },
      connections: [{ src: { process: 'a', port: 'out' }, tgt: { process: 'f', port: 'in' } }],
    });
    expect(names).toEqual(['f.error', 'f.out', 'sub.inner']);
  });
});
