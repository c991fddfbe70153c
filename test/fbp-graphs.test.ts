import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type GraphJson } from './support/graphs';
import { type TestApp, startTestApp } from './support/test-app';

function nofloFile(name: string): GraphJson {
  return JSON.parse(readFileSync(join(__dirname, 'fixtures', 'noflo', `${name}.json`), 'utf8')) as GraphJson;
}

const MULTIPLY_FBP = `# Multiplies the inport X by an initial packet, rounded to 2 places
INPORT=mul.A_IN:X
OUTPORT=mul.RESULT_OUT:PRODUCT
'4.5' -> B_IN mul(tpl_math_multiply:precision=2)
`;

describe('graphs written by NoFlo tools', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  async function executionCount(): Promise<number> {
    return (await app.client.listWorkflows({ limit: 100 })).data!.data.items.length;
  }

  describe('NoFlo JSON', () => {
    it('runs a NoFlo graph file: src/tgt connections, {data, tgt} packets, exported ports, groups and properties as NoFlo writes them', async () => {
      const { data, response } = await app.client.startWorkflow({ graph_json: nofloFile('scaled-sum'), input: { a: 2, b: 5 } });
      expect(response.status).toBe(200);
      const execution = await app.client.waitForCompletion(data!.data.execution_id);
      expect(execution.status).toBe('completed');
      expect(execution.result!.outputs).toEqual({ total: 70 });
      expect(execution.workflow_id).toBe('scaled-sum');
    });

    it('answers a graph of components the catalogue lacks with a 400 listing them all, and no unfed port of a node they feed', async () => {
      const before = await executionCount();
      const { response, error } = await app.client.startWorkflow({ graph_json: nofloFile('missing-components'), input: {} });
      expect(response.status).toBe(400);
      expect(error).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(error!.error).toBe("Invalid graph: the catalogue has no component 'filesystem/ReadFile', 'strings/SplitStr'");
      expect(error!.details!.map((detail) => detail.path)).toEqual([
        'graph_json.processes.Read.component',
        'graph_json.processes.Split.component',
        'graph_json.processes.Shout.component',
      ]);
      expect(await executionCount()).toBe(before);
    });

    it('refuses an index on a port that is not addressable, naming the port and the node, and still names every missing component', async () => {
      const graph = nofloFile('scaled-sum');
      const connections = [...(graph.connections ?? [])];
      connections[0] = { ...connections[0], tgt: { process: 'scale', port: 'a-in', index: 1 } };
      const processes = { ...(graph.processes as Record<string, unknown>), extra: { component: 'strings/SplitStr' } };
      const { response, error } = await app.client.startWorkflow({ graph_json: { ...graph, processes, connections } as GraphJson, input: { a: 1, b: 1 } });
      expect(response.status).toBe(400);
      expect(error!.error).toBe("Invalid graph: the catalogue has no component 'strings/SplitStr' (and 1 more problem)");
      expect(error!.details).toEqual([
        { path: 'graph_json.processes.extra.component', message: expect.stringContaining("'strings/SplitStr'") },
        { path: 'graph_json.connections[0].tgt.index', message: expect.stringContaining("port 'a-in' of node 'scale' (tpl_math_multiply) is not addressable") },
      ]);
    });

    it('runs slots of addressable ports, legacy exports and component names without their library, as NoFlo reads them', async () => {
      const graph = {
        processes: { merge: { component: 'Merge' }, split: { component: 'Split' }, show: { component: 'Output' } },
        connections: [
          { src: { process: 'merge', port: 'out' }, tgt: { process: 'split', port: 'in' } },
          { src: { process: 'split', port: 'out', index: 1 }, tgt: { process: 'show', port: 'in', index: 0 } },
        ],
        exports: [
          { private: 'merge.in', public: 'value' },
          { private: 'show.out', public: 'shown' },
        ],
      };
      const { data, response } = await app.client.startWorkflow({ graph_json: graph, input: { value: 'hello' } });
      expect(response.status).toBe(200);
      const execution = await app.client.waitForCompletion(data!.data.execution_id);
      expect(execution.status).toBe('completed');
      expect(execution.result!.outputs).toEqual({ shown: 'hello' });
    });

    it('runs a lone node to completion without firing it, as NoFlo does', async () => {
      const { data } = await app.client.startWorkflow({ graph_fbp: 'Display(core/Output)', input: {} });
      const execution = await app.client.waitForCompletion(data!.data.execution_id);
      expect(execution.status).toBe('completed');
      expect(execution.result).toMatchObject({ nodes_executed: 0, outputs: {} });
    });

    it('runs processes given as an array of {id, component}', async () => {
      const graph = nofloFile('scaled-sum');
      const processes = Object.entries(graph.processes as Record<string, { component: string }>).map(([id, process]) => ({ id, ...process }));
      const { data } = await app.client.startWorkflow({ graph_json: { ...graph, processes }, input: { a: 1, b: 1 } });
      expect((await app.client.waitForCompletion(data!.data.execution_id)).result!.outputs).toEqual({ total: 20 });
    });
  });

  describe('.fbp text', () => {
    it('runs graph_fbp: INPORT/OUTPORT become exported ports, a quoted packet an initial packet, node key=value pairs its config', async () => {
      const { data, response } = await app.client.startWorkflow({ graph_fbp: MULTIPLY_FBP, input: { x: 3 } });
      expect(response.status).toBe(200);
      const execution = await app.client.waitForCompletion(data!.data.execution_id);
      expect(execution.status).toBe('completed');
      expect(execution.result!.outputs).toEqual({ product: 13.5 });
    });

    it('answers a syntax error with a 400 naming its line and column, and stores nothing', async () => {
      const before = await executionCount();
      const text = 'INPORT=mul.A_IN:X\nmul(tpl_math_multiply) RESULT_OUT ->\n  -> B_IN mul\n';
      const { response, error } = await app.client.startWorkflow({ graph_fbp: text, input: {} });
      expect(response.status).toBe(400);
      expect(error).toMatchObject({ success: false, code: 'VALIDATION_FAILED', error: expect.stringMatching(/^Invalid graph: Line 3, column 3: Expected/) });
      expect(error!.details).toEqual([{ path: 'graph_fbp', message: expect.stringMatching(/^Line 3, column 3: /) }]);
      expect(await executionCount()).toBe(before);
    });

    it('names the .fbp field in the issues of a graph that parses but does not fit the catalogue', async () => {
      const { response, error } = await app.client.startWorkflow({ graph_fbp: "'1' -> IN n(tpl_math_add)", input: {} });
      expect(response.status).toBe(400);
      expect(error!.details![0]).toEqual({ path: expect.stringMatching(/^graph_fbp\.connections\[0\]/), message: expect.stringContaining("'in'") });
    });

    it.each([
      ['both graph_json and graph_fbp', { graph_json: nofloFile('scaled-sum'), graph_fbp: MULTIPLY_FBP }, 'Give graph_json or graph_fbp, not both'],
      ['neither', {}, 'Give the graph as graph_json or as graph_fbp'],
    ])('answers a request with %s with a 400', async (_name, graphs, message) => {
      const before = await executionCount();
      const { response, error } = await app.client.startWorkflow({ ...graphs, input: {} });
      expect(response.status).toBe(400);
      expect(error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'graph_json', message }] });
      expect(await executionCount()).toBe(before);
    });
  });

  describe('POST /graphs/validate', () => {
    it('answers the normalised graph of valid .fbp text, with the ports the actors declare, and runs nothing', async () => {
      const before = await executionCount();
      const { data, response } = await app.client.validateGraph({ graph_fbp: MULTIPLY_FBP, input: { x: 1 } });
      expect(response.status).toBe(200);
      expect(data!.data).toEqual({
        valid: true,
        issues: [],
        issue_count: 0,
        graph: {
          caseSensitive: false,
          properties: {},
          processes: { mul: { component: 'tpl_math_multiply', metadata: { config: { precision: 2 } } } },
          connections: [{ data: 4.5, to: { nodeId: 'mul', portId: 'b-in' } }],
          inports: { x: { nodeId: 'mul', portId: 'a-in' } },
          outports: { product: { nodeId: 'mul', portId: 'result-out' } },
          groups: [],
        },
      });
      expect(await executionCount()).toBe(before);
    });

    it('answers every issue a start would give, with the graph as read', async () => {
      const { data } = await app.client.validateGraph({ graph_json: nofloFile('missing-components') });
      expect(data!.data.valid).toBe(false);
      expect(data!.data.issue_count).toBe(data!.data.issues.length);
      expect(data!.data.issues.map((issue) => issue.code)).toEqual(['UNKNOWN_COMPONENT', 'UNKNOWN_COMPONENT', 'UNKNOWN_COMPONENT']);
      expect(data!.data.issues[0]).toMatchObject({ component: 'filesystem/ReadFile', nodeId: 'Read', path: 'processes.Read.component' });
      expect(data!.data.graph).toMatchObject({ processes: { Read: { component: 'filesystem/ReadFile' } } });
    });

    it('answers the line and column of a .fbp syntax error, and no graph', async () => {
      const { data } = await app.client.validateGraph({ graph_fbp: 'a(tpl_math_add) RESULT_OUT -> A_IN b(tpl_math_add)\nb RESULT_OUT -> -> A_IN a' });
      expect(data!.data).toMatchObject({ valid: false, graph: null, issue_count: 1, issues: [{ code: 'MALFORMED', path: '', line: 2, column: 17 }] });
    });

    it('answers a body without a graph with a 400', async () => {
      const { response, error } = await app.client.validateGraph({ input: {} });
      expect(response.status).toBe(400);
      expect(error).toMatchObject({ success: false, code: 'VALIDATION_FAILED', details: [{ path: 'graph_json' }] });
    });
  });
});
