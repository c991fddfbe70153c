import { createServer } from 'node:http';
import { type JsonObject, type JsonValue, createCatalogue, parseGraph, runGraph, validateGraph } from '../../engine';
import { rpcCallActor } from './rpc-call-actor';
import { NODE_ID, type TestServer, listenOnLoopback, runNode, singleNodeGraph } from '../../../test/support/kits';

/** The server's methods: a JSON-RPC response body for a request, or `[status, text]` for a plain HTTP answer. */
const methods: Record<string, (request: JsonObject) => JsonObject | [number, string]> = {
  add: ({ id, params }) => ({ jsonrpc: '2.0', id, result: (params as number[]).reduce((sum, n) => sum + n, 0) }),
  echo: ({ id, params }) => ({ jsonrpc: '2.0', id, result: params ?? 'no params' }),
  nothing: ({ id }) => ({ jsonrpc: '2.0', id, result: null }),
  fail: ({ id }) => ({ jsonrpc: '2.0', id, error: { code: -32000, message: 'boom', data: { why: 'because' } } }),
  wrongId: () => ({ jsonrpc: '2.0', id: 999, result: 1 }),
  crash: () => [500, 'internal trouble'],
  notRpc: () => [200, 'hello'],
};

const requests: JsonObject[] = [];
let server: TestServer;

beforeAll(async () => {
  server = await listenOnLoopback(
    createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const request = JSON.parse(Buffer.concat(chunks).toString('utf8')) as JsonObject;
        requests.push(request);
        const method = methods[String(request.method)];
        const answer = method === undefined ? { jsonrpc: '2.0', id: request.id, error: { code: -32601, message: 'Method not found' } } : method(request);
        if (Array.isArray(answer)) {
          res.writeHead(answer[0], { 'content-type': 'text/plain' });
          res.end(answer[1]);
        } else {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(answer));
        }
      });
    }),
  );
});
afterAll(() => server.close());
beforeEach(() => {
  requests.length = 0;
});

const catalogue = createCatalogue([rpcCallActor]);

function call(method: string, params: JsonValue[], options: { outports?: readonly string[]; config?: JsonObject } = {}) {
  return runNode(rpcCallActor, {
    propertyValues: { endpoint: `${server.url}/rpc`, method, ...options.config },
    packets: params.map((value) => ['params-in', value] as const),
    collect: options.outports ?? ['result-out', 'error-out'],
  });
}

describe('the tpl_rpc_call actor', () => {
  it('POSTs a JSON-RPC 2.0 request and emits its result on result-out', async () => {
    const { result } = await call('add', [[2, 3]]);
    expect(result).toMatchObject({ success: true, outputs: { 'result-out': 5 } });
    expect(requests).toEqual([{ jsonrpc: '2.0', method: 'add', params: [2, 3], id: 1 }]);
  });

  it('numbers the calls of a node 1, 2, 3 and sends the configured version', async () => {
    await call('echo', [{ a: 1 }, { b: 2 }, { c: 3 }], { config: { version: '2.1' } });
    expect(requests.map((request) => [request.id, request.jsonrpc, request.params])).toEqual([
      [1, '2.1', { a: 1 }],
      [2, '2.1', { b: 2 }],
      [3, '2.1', { c: 3 }],
    ]);
  });

  it('wraps a scalar in an array and sends no params when nothing feeds params-in', async () => {
    expect((await call('echo', ['solo'])).result.outputs).toEqual({ 'result-out': ['solo'] });
    requests.length = 0;
    expect((await call('echo', [])).result.outputs).toEqual({ 'result-out': 'no params' });
    expect(requests).toEqual([{ jsonrpc: '2.0', method: 'echo', id: 1 }]);
  });

  it('emits a null result on result-out', async () => {
    expect((await call('nothing', [[]])).result.outputs).toEqual({ 'result-out': null });
  });

  it('sends an RPC error on error-out as {code, message, data} without failing', async () => {
    const { result, events } = await call('fail', [[]]);
    expect(result).toMatchObject({ success: true, nodes_failed: 0, outputs: { 'error-out': { code: -32000, message: 'boom', data: { why: 'because' } } } });
    expect(events.some((event) => event._type === 'ActorFailed')).toBe(false);
    expect((await call('missing', [[]])).result.outputs).toEqual({ 'error-out': { code: -32601, message: 'Method not found', data: null } });
  });

  it('routes a transport failure to error-out as {message, node_id, component}, or fails the run when it is not connected', async () => {
    const closed = await listenOnLoopback(createServer());
    await closed.close();
    const graph = (outports: string[]) => singleNodeGraph('tpl_rpc_call', { propertyValues: { endpoint: `${closed.url}/rpc`, method: 'add' }, outports });
    const message = new RegExp(`^POST ${closed.url}/rpc failed after 1 attempt: connect ECONNREFUSED`);
    const routed = (await runGraph(graph(['result-out', 'error-out']), catalogue, { executionId: 'e', workflowId: 'w' })).result;
    expect(routed.outputs['error-out']).toEqual({ message: expect.stringMatching(message), node_id: NODE_ID, component: 'tpl_rpc_call' });
    const failed = (await runGraph(graph(['result-out']), catalogue, { executionId: 'e', workflowId: 'w' })).result;
    expect(failed).toMatchObject({ success: false, errors: [{ node_id: NODE_ID, message: expect.stringMatching(message) }] });
  });

  it('fails on an HTTP error or a body that is no JSON-RPC response', async () => {
    const crash = await call('crash', [[]], { outports: ['result-out'] });
    expect(crash.result.errors).toEqual([{ node_id: NODE_ID, message: `POST ${server.url}/rpc answered HTTP 500 Internal Server Error: internal trouble` }]);
    const text = await call('notRpc', [[]], { outports: ['result-out'] });
    expect(text.result.errors).toEqual([{ node_id: NODE_ID, message: `POST ${server.url}/rpc answered no JSON-RPC response (neither result nor error)` }]);
  });

  it('fails on a response whose id is not the request id', async () => {
    const { result } = await call('wrongId', [[]], { outports: ['result-out'] });
    expect(result.errors).toEqual([{ node_id: NODE_ID, message: 'the JSON-RPC response has id 999, the request had 1' }]);
  });
});

describe('the tpl_rpc_call configuration', () => {
  function issues(propertyValues: JsonObject): string[] {
    const parsed = parseGraph(singleNodeGraph('tpl_rpc_call', { propertyValues }));
    if (!parsed.ok) throw new Error('unparsable graph');
    const outcome = validateGraph(parsed.graph, catalogue);
    return outcome.ok ? [] : outcome.issues.map((issue) => issue.message);
  }

  it('requires endpoint and method and defaults protocol and version', () => {
    expect(issues({ version: '' })).toEqual(["Node 'node': config 'endpoint' is required", "Node 'node': config 'method' is required"]);
    expect(issues({ endpoint: 'https://h/rpc', method: 'sum' })).toEqual([]);
  });

  it('refuses the grpc and xml-rpc protocols', () => {
    for (const protocol of ['grpc', 'xml-rpc']) {
      expect(issues({ endpoint: 'https://h/rpc', method: 'sum', protocol })).toEqual([
        `Node 'node': config 'protocol': protocol '${protocol}' is not supported; only json-rpc (JSON-RPC over HTTP POST) runs`,
      ]);
    }
  });
});
