import { z } from 'zod';
import { defineActor } from '../sdk/actor-definition';
import { createCatalogue } from '../sdk/catalogue';
import { type GraphIssue } from './graph-issue';
import { parseGraph } from './parse-graph';
import { testCatalogue } from '../../../test/support/kits';
import { type ValidateGraphOptions, validateGraph } from './validate-graph';

const catalogue = testCatalogue();

function validate(json: unknown, options?: ValidateGraphOptions) {
  const parsed = parseGraph(json);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return validateGraph(parsed.graph, catalogue, options);
}

function issuesOf(json: unknown, options?: ValidateGraphOptions): GraphIssue[] {
  const outcome = validate(json, options);
  return outcome.ok ? [] : outcome.issues;
}

describe('validateGraph', () => {
  it('returns every issue at once, each naming its node and port', () => {
    const issues = issuesOf(
      {
        processes: [
          { id: 'a', component: 'test_add', metadata: { config: { offset: 'x' } } },
          { id: 'p', component: 'test_pass' },
          { id: 'p', component: 'test_pass' },
          { id: 'q', component: 'tpl_nope' },
        ],
        connections: [
          { from: { nodeId: 'p', portId: 'out' }, to: { nodeId: 'a', portId: 'a' } },
          { from: { nodeId: 'ghost', portId: 'out' }, to: { nodeId: 'a', portId: 'b' } },
          { from: { nodeId: 'p', portId: 'nope' }, to: { nodeId: 'a', portId: 'b' } },
          { from: { nodeId: 'a', portId: 'a' }, to: { nodeId: 'p', portId: 'in' } },
          { data: 1, to: { nodeId: 'p', portId: 'missing' } },
        ],
        inports: { x: { process: 'p', port: 'in' }, y: { process: 'nobody', port: 'in' } },
        outports: { r: { process: 'a', port: 'zzz' } },
      },
      { input: { x: 1, stray: 2 } },
    );
    expect(issues.map((issue) => [issue.code, issue.path, issue.nodeId, issue.portId])).toEqual([
      ['INVALID_CONFIG', 'processes[0].metadata.config.offset', 'a', undefined],
      ['DUPLICATE_NODE', 'processes[2]', 'p', undefined],
      ['UNKNOWN_COMPONENT', 'processes[3].component', 'q', undefined],
      ['UNKNOWN_NODE', 'connections[1].from.nodeId', 'ghost', undefined],
      ['UNKNOWN_PORT', 'connections[2].from.portId', 'p', 'nope'],
      ['WRONG_PORT_DIRECTION', 'connections[3].from.portId', 'a', 'a'],
      ['UNKNOWN_PORT', 'connections[4].to.portId', 'p', 'missing'],
      ['UNKNOWN_NODE', 'inports.y.process', 'nobody', undefined],
      ['UNKNOWN_PORT', 'outports.r.port', 'a', 'zzz'],
      ['UNKNOWN_INPUT', 'input.stray', undefined, undefined],
    ]);
    expect(issues.find((issue) => issue.code === 'UNKNOWN_PORT')?.message).toBe("Port 'nope' not found on node 'p' (its output ports: out)");
    expect(issues[0].message).toBe("Node 'a': config 'offset': Expected number, received string");
    expect(issues[2].message).toContain("component 'tpl_nope'");
  });

  it('names a missing required config key', () => {
    const issues = issuesOf({ processes: { c: { component: 'test_count' } } });
    expect(issues).toEqual([expect.objectContaining({ code: 'INVALID_CONFIG', nodeId: 'c', message: "Node 'c': config 'count' is required" })]);
  });

  it('reports a config schema that throws instead of throwing', () => {
    const brittle = defineActor({
      id: 'test_brittle',
      inports: {},
      outports: {},
      config: z.object({}).transform(() => {
        throw new Error('transform exploded');
      }),
      fire: () => undefined,
    });
    const parsed = parseGraph({ processes: { b: { component: 'test_brittle' } } });
    if (!parsed.ok) throw new Error('unexpected parse issues');
    expect(validateGraph(parsed.graph, testCatalogue(brittle))).toEqual({
      ok: false,
      issues: [{ code: 'INVALID_CONFIG', path: 'processes.b.metadata.config', nodeId: 'b', message: "Node 'b': config: transform exploded" }],
    });
  });

  it('merges default config, propertyValues and config before checking the schema', () => {
    const json = { processes: { c: { component: 'test_count', metadata: { propertyValues: { count: 'three' }, config: { count: 2 } } } } };
    expect(validate(json).ok).toBe(true);
    expect(validate({ processes: { c: { component: 'test_count' } } }, { defaultActorConfig: { count: 1 } }).ok).toBe(true);
  });

  it('carries each node its merged layers and their parse, for runs to use as they are', () => {
    const outcome = validate({ processes: { c: { component: 'test_count', metadata: { propertyValues: { count: 'three' }, config: { count: 2 } } } } }, { defaultActorConfig: { count: 1, extra: true } });
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.issues));
    expect(outcome.graph.nodes[0].nodeConfig).toEqual({ base: { count: 'three', extra: true }, merged: { count: 2, extra: true }, parsed: { count: 2 } });
  });

  it('matches port ids ignoring case and _ versus - unless the graph is case sensitive, using the declared ids', () => {
    const json = {
      processes: { one: { component: 'test_constant', metadata: { config: { value: 1 } } }, sq: { component: 'test_scale' } },
      connections: [
        { from: { nodeId: 'one', portId: 'OUT' }, to: { nodeId: 'sq', portId: 'Value' } },
        { data: 2, to: { nodeId: 'sq', portId: 'FACTOR' } },
      ],
      outports: { r: { process: 'sq', port: 'Out' } },
    };
    const outcome = validate(json);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.graph.connections[0].from.portId).toBe('out');
    expect(outcome.graph.connections[0].to.portId).toBe('value');
    expect(outcome.graph.initialPackets[0].to.portId).toBe('factor');
    expect(outcome.graph.outports[0].target.portId).toBe('out');
    const strict = issuesOf({ ...json, caseSensitive: true });
    expect(strict.map((issue) => [issue.code, issue.portId])).toEqual([
      ['UNKNOWN_PORT', 'OUT'],
      ['UNKNOWN_PORT', 'Value'],
      ['UNKNOWN_PORT', 'FACTOR'],
      ['UNKNOWN_PORT', 'Out'],
      ['UNFED_REQUIRED_PORT', 'value'],
      ['UNFED_REQUIRED_PORT', 'factor'],
    ]);
  });

  it("treats data_in and Data-In as the actor's data-in port", () => {
    const sink = defineActor({ id: 'test_sink', inports: { 'data-in': { required: true } }, outports: {}, fire: () => undefined });
    const parsed = parseGraph({
      processes: { one: { component: 'test_constant', metadata: { config: { value: 1 } } }, s: { component: 'test_sink' } },
      connections: [
        { from: { nodeId: 'one', portId: 'out' }, to: { nodeId: 's', portId: 'data_in' } },
        { data: 2, to: { nodeId: 's', portId: 'Data-In' } },
      ],
    });
    if (!parsed.ok) throw new Error('unexpected parse issues');
    const outcome = validateGraph(parsed.graph, testCatalogue(sink));
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.graph.connections[0].to.portId).toBe('data-in');
    expect(outcome.graph.initialPackets[0].to.portId).toBe('data-in');
    expect(issuesOf({ processes: { s: { component: 'test_scale' } }, connections: [{ data: 2, to: { nodeId: 's', portId: 'fac_tor' } }] }).map((issue) => [issue.code, issue.portId])).toEqual([
      ['UNKNOWN_PORT', 'fac_tor'],
      ['UNFED_REQUIRED_PORT', 'value'],
      ['UNFED_REQUIRED_PORT', 'factor'],
    ]);
  });

  it('reports a required inport nothing feeds, unless the whole input feeds it', () => {
    const json = { processes: { a: { component: 'test_add' } }, connections: [{ data: 1, to: { nodeId: 'a', portId: 'a' } }] };
    expect(issuesOf(json)).toEqual([expect.objectContaining({ code: 'UNFED_REQUIRED_PORT', nodeId: 'a', portId: 'b' })]);
    expect(issuesOf(json, { input: {} })).toHaveLength(1);
    expect(validate(json, { input: { v: 1 } }).ok).toBe(true);
  });

  it('reports a required inport fed only by an exported inport the input leaves out, as that missing input', () => {
    const json = { processes: { a: { component: 'test_add' } }, connections: [{ data: 1, to: { nodeId: 'a', portId: 'a' } }], inports: { y: { process: 'a', port: 'b' } } };
    expect(issuesOf(json, { input: {} })).toEqual([expect.objectContaining({ code: 'UNFED_REQUIRED_PORT', path: 'input.y', nodeId: 'a', portId: 'b', message: expect.stringContaining("Input 'y' is missing") })]);
    expect(validate(json, { input: { y: 2 } }).ok).toBe(true);
    // Without an input to check against (a graph checked on its own), the exported inport feeds its port.
    expect(validate(json).ok).toBe(true);
  });

  it('accepts input keys naming exported inports or graph-input nodes, and any keys without exported inports', () => {
    const json = {
      processes: { i: { component: 'test_graph_input', metadata: { config: { inputName: 'n' } } }, p: { component: 'test_pass' } },
      inports: { x: { process: 'p', port: 'in' } },
    };
    expect(validate(json, { input: { x: 1, n: 2 } }).ok).toBe(true);
    expect(issuesOf(json, { input: { y: 1 } })).toEqual([expect.objectContaining({ code: 'UNKNOWN_INPUT', path: 'input.y' })]);
    expect(validate({ processes: { p: { component: 'test_pass' } } }, { input: { anything: 1 } }).ok).toBe(true);
  });

  it('validates inner graphs recursively with prefixed paths and node ids, and derives composite ports', () => {
    const inner = {
      processes: {
        in: { component: 'test_graph_input', metadata: { config: { inputName: 'value' } } },
        abs: { component: 'test_abs' },
        out: { component: 'test_graph_output' },
        bad: { component: 'tpl_unknown' },
      },
      connections: [
        { from: { nodeId: 'in', portId: 'data' }, to: { nodeId: 'abs', portId: 'in' } },
        { from: { nodeId: 'abs', portId: 'out' }, to: { nodeId: 'out', portId: 'data' } },
      ],
      outports: { extra: { process: 'abs', port: 'out' } },
    };
    const issues = issuesOf({
      processes: { sub: { component: 'subgraph', metadata: { graph: inner } }, src: { component: 'test_constant', metadata: { config: { value: -2 } } } },
      connections: [
        { from: { nodeId: 'src', portId: 'out' }, to: { nodeId: 'sub', portId: 'VALUE' } },
        { from: { nodeId: 'sub', portId: 'output' }, to: { nodeId: 'src', portId: 'out' } },
      ],
    });
    expect(issues.map((issue) => [issue.code, issue.path, issue.nodeId])).toEqual([
      ['UNKNOWN_COMPONENT', 'processes.sub.metadata.graph.processes.bad.component', 'sub/bad'],
      ['WRONG_PORT_DIRECTION', 'connections[1].to.portId', 'src'],
    ]);
    const ok = validate({
      processes: { sub: { component: 'subgraph', metadata: { graph: { ...inner, processes: { ...inner.processes, bad: { component: 'test_pass' } } } } } },
      connections: [{ data: 1, to: { nodeId: 'sub', portId: 'value' } }],
    });
    expect(ok.ok).toBe(true);
    if (ok.ok) expect(ok.graph.nodes[0].subgraph?.boundary).toEqual({ inports: ['value'], outports: ['extra', 'output'] });
  });

  it('reports a required composite inport that nothing feeds', () => {
    const inner = { processes: { in: { component: 'test_graph_input' }, out: { component: 'test_graph_output' } }, connections: [{ from: { nodeId: 'in', portId: 'data' }, to: { nodeId: 'out', portId: 'data' } }] };
    const graph = { processes: { sub: { component: 'subgraph', metadata: { graph: inner } }, p: { component: 'test_pass' } }, connections: [{ from: { nodeId: 'sub', portId: 'output' }, to: { nodeId: 'p', portId: 'in' } }] };
    expect(issuesOf(graph)).toEqual([expect.objectContaining({ code: 'UNFED_REQUIRED_PORT', nodeId: 'sub', portId: 'input' })]);
  });

  it('reports a composite nested in itself as a cycle', () => {
    const inner: Record<string, unknown> = { processes: {} };
    (inner.processes as Record<string, unknown>).again = { component: 'subgraph', metadata: { graph: inner } };
    const issues = issuesOf({ processes: { sub: { component: 'subgraph', metadata: { graph: inner } } } });
    expect(issues).toEqual([
      expect.objectContaining({ code: 'SUBGRAPH_CYCLE', nodeId: 'sub/again', path: 'processes.sub.metadata.graph.processes.again.metadata.graph' }),
    ]);
  });

  it('rejects subgraphs nested deeper than the limit', () => {
    let graph: Record<string, unknown> = { processes: {} };
    for (let i = 0; i < 20; i++) graph = { processes: { s: { component: 'subgraph', metadata: { graph } } } };
    expect(issuesOf(graph).map((issue) => issue.code)).toEqual(['SUBGRAPH_TOO_DEEP']);
  });
});

describe('validateGraph on graphs written for NoFlo', () => {
  const merge = defineActor({ id: 'lib/Merge', inports: { in: { required: true, addressable: true } }, outports: { out: {} }, fire: () => undefined });
  const split = defineActor({ id: 'lib/Split', inports: { in: { required: true } }, outports: { out: { addressable: true } }, fire: () => undefined });
  const noflo = createCatalogue([...catalogue.list(), merge, split]);
  const check = (json: unknown, options?: ValidateGraphOptions) => {
    const parsed = parseGraph(json);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    return validateGraph(parsed.graph, noflo, options);
  };
  const issuesIn = (json: unknown, options?: ValidateGraphOptions): GraphIssue[] => {
    const outcome = check(json, options);
    return outcome.ok ? [] : outcome.issues;
  };

  it('accepts connections to and from slots of addressable ports, and keeps their indexes', () => {
    const outcome = check({
      processes: { a: { component: 'lib/Split' }, b: { component: 'lib/Merge' } },
      connections: [
        { src: { process: 'a', port: 'out', index: 0 }, tgt: { process: 'b', port: 'in', index: 1 } },
        { src: { process: 'a', port: 'out', index: 1 }, tgt: { process: 'b', port: 'in', index: 0 } },
        { data: 'go', tgt: { process: 'a', port: 'in' } },
      ],
    });
    expect(outcome.ok).toBe(true);
    if (outcome.ok) expect(outcome.graph.connections.map((c) => [c.from.index, c.to.index])).toEqual([[0, 1], [1, 0]]);
  });

  it('refuses an index on a port that is not addressable, naming the port, the node and its component', () => {
    expect(issuesIn({
      processes: { a: { component: 'lib/Split' }, b: { component: 'test_pass' } },
      connections: [
        { src: { process: 'a', port: 'out' }, tgt: { process: 'b', port: 'in', index: 2 } },
        { data: 'go', tgt: { process: 'a', port: 'in', index: 0 } },
      ],
    })).toEqual([
      expect.objectContaining({
        code: 'PORT_INDEX',
        path: 'connections[0].tgt.index',
        nodeId: 'b',
        portId: 'in',
        message: "Connection 0 names slot 2 of port 'in' (in[2]), but port 'in' of node 'b' (test_pass) is not addressable; connect to 'in' without an index",
      }),
      expect.objectContaining({ code: 'PORT_INDEX', path: 'connections[1].tgt.index', nodeId: 'a', portId: 'in' }),
    ]);
  });

  it('names every unknown component beside a refused index, and calls no port fed by an unknown node unfed', () => {
    expect(issuesIn({
      processes: { read: { component: 'filesystem/ReadFile' }, show: { component: 'test_add' }, count: { component: 'packets/Counter' } },
      connections: [
        { src: { process: 'read', port: 'out' }, tgt: { process: 'show', port: 'a', index: 0 } },
        { src: { process: 'count', port: 'count' }, tgt: { process: 'show', port: 'b' } },
      ],
    }).map((issue) => [issue.code, issue.nodeId])).toEqual([
      ['UNKNOWN_COMPONENT', 'read'],
      ['UNKNOWN_COMPONENT', 'count'],
      ['PORT_INDEX', 'show'],
    ]);
  });

  it('makes each legacy export an exported inport or outport by the side its port is on', () => {
    const outcome = check({
      processes: { Merge: { component: 'lib/Merge' }, Split: { component: 'lib/Split' } },
      connections: [{ src: { process: 'Merge', port: 'out' }, tgt: { process: 'Split', port: 'in' } }],
      exports: [
        { private: 'merge.in', public: 'in' },
        { private: 'split.out', public: 'out' },
      ],
    });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.graph.inports.map((port) => [port.name, port.target.nodeId, port.target.portId])).toEqual([['in', 'Merge', 'in']]);
    expect(outcome.graph.outports.map((port) => [port.name, port.target.nodeId, port.target.portId])).toEqual([['out', 'Split', 'out']]);
    expect(outcome.graph.boundary).toEqual({ inports: ['in'], outports: ['out'] });
    expect(outcome.graph.exports).toEqual([]);
  });

  it('names a legacy export whose node, component or port is unknown, and calls no input it names unknown', () => {
    expect(issuesIn({
      processes: { m: { component: 'lib/Merge' }, x: { component: 'lib/Nope' } },
      connections: [{ data: 1, tgt: { process: 'm', port: 'in' } }],
      exports: [
        { private: 'ghost.in', public: 'a' },
        { private: 'm.nope', public: 'b' },
        { private: 'x.in', public: 'c' },
      ],
    }, { input: { a: 1, b: 2, c: 3 } })).toEqual([
      expect.objectContaining({ code: 'UNKNOWN_COMPONENT', nodeId: 'x' }),
      expect.objectContaining({ code: 'UNKNOWN_NODE', path: 'exports[0].private', nodeId: 'ghost' }),
      expect.objectContaining({ code: 'UNKNOWN_PORT', path: 'exports[1].private', nodeId: 'm', portId: 'nope', message: "Legacy export 'b': port 'nope' not found on node 'm' (its ports: in, out)" }),
    ]);
  });

  it('accepts a lone node wired to nothing although its required port is unfed, as NoFlo runs it', () => {
    expect(check({ processes: { show: { component: 'lib/Merge' } } }).ok).toBe(true);
    expect(issuesIn({ processes: { show: { component: 'lib/Merge' }, drop: { component: 'test_pass' } }, connections: [{ src: { process: 'show', port: 'out' }, tgt: { process: 'drop', port: 'in' } }] })).toEqual([
      expect.objectContaining({ code: 'UNFED_REQUIRED_PORT', nodeId: 'show', portId: 'in' }),
    ]);
  });

  it('runs a component named without its library as the component it names', () => {
    const outcome = check({ processes: { m: { component: 'Merge' } }, connections: [{ data: 1, tgt: { process: 'm', port: 'in' } }] });
    expect(outcome.ok && outcome.graph.nodes[0].component).toBe('lib/Merge');
  });
});
