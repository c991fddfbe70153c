import { type IncomingMessage, createServer } from 'node:http';
import { type JsonObject, type JsonValue, createCatalogue, parseGraph, runGraph, validateGraph } from '../../engine';
import { createGraphqlQueryActor } from './graphql-query-actor';

import { NODE_ID, type TestServer, listenOnLoopback, runNode, singleNodeGraph } from '../../../test/support/kits';

interface GraphqlRequest {
  payload: JsonObject;
  headers: IncomingMessage['headers'];
}

/** What the server answers per query text: a status and a body (a function of the variables). */
const answers: Record<string, (variables: JsonObject) => [number, unknown]> = {
  '{ hello }': () => [200, { data: { hello: 'world' } }],
  'query Greet($name: String!) { greet(name: $name) }': (variables) => [200, { data: { greet: `Hello, ${String(variables.name)}` } }],
  '{ user { name secret } }': () => [
    200,
    { data: { user: { name: 'Ada', secret: null } }, errors: [{ message: 'secret is forbidden', path: ['user', 'secret'] }] },
  ],
  '{ broken }': () => [200, { data: null, errors: [{ message: 'Cannot query field "broken" on type "Query"' }] }],
  '{ unclosed': () => [400, { errors: [{ message: 'Syntax Error: Expected Name, found <EOF>.' }] }],
  '{ notGraphql }': () => [200, { hello: 'world' }],
  'query List { items } mutation Add { add } mutation Drop { drop }': () => [200, { data: { add: true } }],
};

const requests: GraphqlRequest[] = [];
let failuresLeft = 0;
let server: TestServer;

beforeAll(async () => {
  server = await listenOnLoopback(
    createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const payload = JSON.parse(Buffer.concat(chunks).toString('utf8')) as JsonObject;
        requests.push({ payload, headers: req.headers });
        if (failuresLeft > 0) {
          failuresLeft--;
          res.writeHead(503, { 'content-type': 'text/plain' });
          res.end('overloaded');
          return;
        }
        const answer = answers[String(payload.query)];
        const [status, body] = answer === undefined ? [500, 'no answer for this query'] : answer((payload.variables ?? {}) as JsonObject);
        res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/graphql-response+json' });
        res.end(typeof body === 'string' ? body : JSON.stringify(body));
      });
    }),
  );
});
afterAll(() => server.close());
beforeEach(() => {
  requests.length = 0;
  failuresLeft = 0;
});

const graphqlQuery = createGraphqlQueryActor({ policy: { baseMs: 20, maxMs: 100 } });
const catalogue = createCatalogue([graphqlQuery]);

function runQuery(query: string, variables?: JsonValue, extra: JsonObject = {}) {
  return runNode(graphqlQuery, {
    propertyValues: { endpoint: `${server.url}/graphql`, query, ...extra },
    packets: variables === undefined ? [] : [['variables-in', variables]],
    collect: ['data-out', 'errors-out'],
  });
}

describe('the tpl_graphql_query actor', () => {
  it('POSTs the query with the variables of variables-in and emits data on data-out', async () => {
    const query = 'query Greet($name: String!) { greet(name: $name) }';
    const { result } = await runQuery(query, { name: 'Ada' });
    expect(result).toMatchObject({ success: true, outputs: { 'data-out': { greet: 'Hello, Ada' } } });
    expect(result.outputs).not.toHaveProperty('errors-out');
    expect(requests).toEqual([
      {
        payload: { query, variables: { name: 'Ada' } },
        headers: expect.objectContaining({ 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json;q=0.9' }),
      },
    ]);
  });

  it('runs once at start with empty variables when nothing feeds variables-in', async () => {
    const { result } = await runQuery('{ hello }');
    expect(result.outputs).toEqual({ 'data-out': { hello: 'world' } });
    expect(requests.map((request) => request.payload.variables)).toEqual([{}]);
  });

  it('emits GraphQL errors on errors-out and no data when data is null', async () => {
    const { result } = await runQuery('{ broken }', {});
    expect(result).toMatchObject({ success: true, outputs: { 'errors-out': [{ message: 'Cannot query field "broken" on type "Query"' }] } });
    expect(result.outputs).not.toHaveProperty('data-out');
  });

  it('emits both data and errors for a partial result', async () => {
    const { result } = await runQuery('{ user { name secret } }', {});
    expect(result.outputs).toEqual({
      'data-out': { user: { name: 'Ada', secret: null } },
      'errors-out': [{ message: 'secret is forbidden', path: ['user', 'secret'] }],
    });
  });

  it('reads the errors of a GraphQL response sent with a 4xx status', async () => {
    const { result } = await runQuery('{ unclosed', {});
    expect(result).toMatchObject({ success: true, outputs: { 'errors-out': [{ message: 'Syntax Error: Expected Name, found <EOF>.' }] } });
    expect(requests).toHaveLength(1);
  });

  it('fails on an HTTP error that carries no GraphQL response, after retrying a query', async () => {
    const { result } = await runQuery('{ unknown }', {});
    expect(result).toMatchObject({
      success: false,
      errors: [{ node_id: NODE_ID, message: `POST ${server.url}/graphql answered HTTP 500 Internal Server Error: no answer for this query` }],
    });
    expect(requests).toHaveLength(3);
  });

  it('fails on a success status whose body is no GraphQL response', async () => {
    const { result } = await runQuery('{ notGraphql }', {});
    expect(result.errors).toEqual([{ node_id: NODE_ID, message: `POST ${server.url}/graphql answered no GraphQL response (neither data nor errors)` }]);
  });

  it('retries a query on 503 but never a mutation', async () => {
    failuresLeft = 1;
    expect((await runQuery('{ hello }', {})).result.outputs).toEqual({ 'data-out': { hello: 'world' } });
    expect(requests).toHaveLength(2);
    requests.length = 0;
    failuresLeft = 1;
    const { result } = await runQuery('mutation { bump }', {}, { operationType: 'mutation' });
    expect(result.errors[0].message).toBe(`POST ${server.url}/graphql answered HTTP 503 Service Unavailable: overloaded`);
    expect(requests).toHaveLength(1);
  });

  it('names the operation of the configured type in a document with several', async () => {
    const query = 'query List { items } mutation Add { add } mutation Drop { drop }';
    const { result } = await runQuery(query, {}, { operationType: 'mutation' });
    expect(result.outputs).toEqual({ 'data-out': { add: true } });
    expect(requests[0].payload).toEqual({ query, variables: {}, operationName: 'Add' });
  });

  it('fails when the endpoint refuses the connection', async () => {
    const closed = await listenOnLoopback(createServer());
    await closed.close();
    const graph = singleNodeGraph('tpl_graphql_query', { propertyValues: { endpoint: `${closed.url}/graphql`, query: '{ hello }' } });
    const { result } = await runGraph(graph, catalogue, { executionId: 'exec-1', workflowId: 'wf-1' });
    expect(result.errors[0].message).toMatch(new RegExp(`^POST ${closed.url}/graphql failed after 3 attempts: connect ECONNREFUSED`));
  });

  it('refuses variables-in that is not an object', async () => {
    const { result } = await runQuery('{ hello }', [1, 2]);
    expect(result.errors).toEqual([{ node_id: NODE_ID, message: 'variables-in must be an object of variable names to values' }]);
    expect(requests).toHaveLength(0);
  });
});

describe('the tpl_graphql_query configuration', () => {
  function issues(propertyValues: JsonObject): string[] {
    const parsed = parseGraph(singleNodeGraph('tpl_graphql_query', { propertyValues }));
    if (!parsed.ok) throw new Error('unparsable graph');
    const outcome = validateGraph(parsed.graph, catalogue);
    return outcome.ok ? [] : outcome.issues.map((issue) => issue.message);
  }

  it('requires endpoint and query, and defaults operationType to query', () => {
    expect(issues({ query: '' })).toEqual(["Node 'node': config 'endpoint' is required", "Node 'node': config 'query' is required"]);
    expect(issues({ endpoint: 'http://h/graphql', query: '{ a }' })).toEqual([]);
  });

  it('refuses subscriptions, which plain HTTP cannot carry', () => {
    expect(issues({ endpoint: 'http://h/graphql', query: 'subscription { ticks }', operationType: 'subscription' })).toEqual([
      "Node 'node': config 'operationType': subscriptions need a streaming transport (WebSocket or SSE) and are not supported over plain HTTP; use query or mutation",
    ]);
  });

  it('refuses a document with no operation of the configured type', () => {
    expect(issues({ endpoint: 'http://h/graphql', query: 'mutation { add }' })).toEqual([
      "Node 'node': config 'query': the query document defines no query operation (it defines: mutation); set operationType to match",
    ]);
  });
});
