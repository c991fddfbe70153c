import { GraphCompiler } from './graph-compiler';
import { parseGraph } from './parse-graph';
import { testCatalogue } from '../../../test/support/kits';
import { unknownComponents } from './unknown-components';

const catalogue = testCatalogue();

describe('unknownComponents', () => {
  it('names every node whose component the catalogue lacks, inner graphs included', () => {
    const parsed = parseGraph({
      processes: {
        a: { component: 'test_pass' },
        b: { component: 'strings/SplitStr' },
        sub: { component: 'subgraph', metadata: { graph: { processes: { c: { component: 'packets/Counter' } } } } },
      },
    });
    if (!parsed.ok) throw new Error('unexpected');
    expect(unknownComponents(parsed.graph, catalogue).map((issue) => [issue.nodeId, issue.component, issue.path])).toEqual([
      ['b', 'strings/SplitStr', 'processes.b.component'],
      ['sub/c', 'packets/Counter', 'processes.sub.metadata.graph.processes.c.component'],
    ]);
  });
});

describe('GraphCompiler on a graph with shape problems', () => {
  it('names every unknown component beside the shape problems that stop validation', () => {
    const compiled = new GraphCompiler(catalogue).compile({
      processes: { read: { component: 'filesystem/ReadFile' }, broken: { component: 7 }, show: { component: 'Display' } },
      connections: [{ src: { process: 'read', port: 'out' } }],
    });
    expect(compiled.graph).toBeUndefined();
    expect(compiled.issues.map((issue) => [issue.code, issue.path])).toEqual([
      ['MALFORMED', 'processes.broken.component'],
      ['MALFORMED', 'connections[0].tgt'],
      ['UNKNOWN_COMPONENT', 'processes.read.component'],
      ['UNKNOWN_COMPONENT', 'processes.show.component'],
    ]);
  });
});
