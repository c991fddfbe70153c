import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type TestApp, startTestApp } from './support/test-app';
import { waitFor } from './support/wait-for';

/** An HTTP node waiting on a server that answers when the test says so, feeding a script node. */
function gatedGraph(url: string) {
  return {
    properties: { name: 'gated' },
    processes: {
      fetch: { component: 'tpl_http_request', metadata: { config: { url, retryCount: 0 } } },
      label: { component: 'tpl_javascript_script', metadata: { config: { script: "return 'before: ' + data.body.n" } } },
    },
    connections: [{ from: { nodeId: 'fetch', portId: 'response-out' }, to: { nodeId: 'label', portId: 'data-in' } }],
    outports: { label: { process: 'label', port: 'result-out' } },
  };
}

describe('the actor catalogue', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('lists every actor with its ports and its config as JSON Schema', async () => {
    const { data, response } = await app.client.listActors();
    expect(response.status).toBe(200);
    const actors = data!.data.actors;
    const ids = actors.map((a) => a.id);
    expect(ids).toEqual(expect.arrayContaining(['tpl_math_multiply', 'tpl_http_request', 'tpl_javascript_script', 'tpl_if_branch', 'graph_input']));
    const multiply = actors.find((a) => a.id === 'tpl_math_multiply')!;
    expect(multiply.inports.map((p) => p.id)).toEqual(['a-in', 'b-in']);
    expect(multiply.outports.map((p) => p.id)).toEqual(['result-out']);
    expect(multiply.config_schema).toMatchObject({ type: 'object', properties: { precision: expect.objectContaining({ default: 2 }) } });
    const http = actors.find((a) => a.id === 'tpl_http_request')!;
    expect(http.config_schema).toMatchObject({ required: expect.arrayContaining(['url']) });
    // Every actor of a service that lists no package is a built-in one.
    expect(actors.filter((a) => a.package !== null).map((a) => a.id)).toEqual([]);
  });

  it('runs every template of the IDE: each one is in the catalogue but the proxies, which the converter wires through', async () => {
    const ideTemplates = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'ide', 'ide-templates.json'), 'utf8')) as { id: string }[];
    const listed = new Set((await app.client.listActors()).data!.data.actors.map((actor) => actor.id));
    // proxy_input and proxy_output are shortcuts to a port inside a subgraph: conversion connects through them and no node runs.
    const conversionOnly = ['proxy_input', 'proxy_output'];
    expect(ideTemplates.map((t) => t.id).filter((id) => !listed.has(id) && !conversionOnly.includes(id))).toEqual([]);
    expect(ideTemplates.filter((t) => t.id.startsWith('tpl_')).length).toBe(77);
    expect(['graph_input', 'graph_output', 'subgraph'].filter((id) => !listed.has(id))).toEqual([]);
  });

  it('describes every config field of every actor', async () => {
    const { data } = await app.client.listActors();
    const fields = data!.data.actors.flatMap((actor) =>
      Object.entries((actor.config_schema.properties ?? {}) as Record<string, { description?: unknown }>).map(([name, field]) => ({
        field: `${actor.id}.${name}`,
        description: field.description,
      })),
    );
    expect(fields.length).toBeGreaterThan(90);
    expect(fields.filter((f) => typeof f.description !== 'string' || f.description.trim().length < 8).map((f) => f.field)).toEqual([]);
  });

  it('describes one actor, and answers 404 for an unknown one', async () => {
    const { data } = await app.client.getActor('tpl_math_add');
    expect(data!.data.id).toBe('tpl_math_add');
    const { response, error } = await app.client.getActor('tpl_nothing');
    expect(response.status).toBe(404);
    expect(error).toMatchObject({ code: 'NOT_FOUND', error: "Actor 'tpl_nothing' not found" });
  });
});

describe('live reconfiguration of a node', () => {
  let app: TestApp;
  let server: Server;
  let url: string;
  const waiting: (() => void)[] = [];
  beforeAll(async () => {
    app = await startTestApp();
    server = createServer((_req, res) => {
      waiting.push(() => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ n: 7 })));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/value`;
  });
  afterAll(async () => {
    for (const release of waiting.splice(0)) release();
    await app.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('changes what a running actor does after a PATCH, without a restart', async () => {
    const { data } = await app.client.startWorkflow({ graph_json: gatedGraph(url) });
    const id = data!.data.execution_id;
    await waitFor(() => waiting.length === 1, { what: 'the request to arrive' });
    const { response, data: updated } = await app.client.updateNodeConfig(id, 'label', { script: "return 'after: ' + data.body.n" });
    expect(response.status).toBe(200);
    expect(updated!.data).toEqual({ execution_id: id, node_id: 'label', status: 'updated' });
    waiting.shift()!();
    const execution = await app.client.waitForCompletion(id);
    expect(execution.status).toBe('completed');
    expect(execution.result!.outputs).toEqual({ label: 'after: 7' });
  });

  it('rejects an invalid configuration with 400 and leaves the run untouched', async () => {
    const { data } = await app.client.startWorkflow({ graph_json: gatedGraph(url) });
    const id = data!.data.execution_id;
    await waitFor(() => waiting.length === 1, { what: 'the request to arrive' });
    const { response, error } = await app.client.updateNodeConfig(id, 'label', { script: '' });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', error: expect.stringContaining('script') });
    waiting.shift()!();
    const execution = await app.client.waitForCompletion(id);
    expect(execution.status).toBe('completed');
    expect(execution.result!.outputs).toEqual({ label: 'before: 7' });
  });

  it('answers 404 for an unknown node and 409 once the execution has finished', async () => {
    const { data } = await app.client.startWorkflow({ graph_json: gatedGraph(url) });
    const id = data!.data.execution_id;
    await waitFor(() => waiting.length === 1, { what: 'the request to arrive' });
    const unknown = await app.client.updateNodeConfig(id, 'ghost', { precision: 1 });
    expect(unknown.response.status).toBe(404);
    waiting.shift()!();
    await app.client.waitForCompletion(id);
    const late = await app.client.updateNodeConfig(id, 'label', { script: 'return 1' });
    expect(late.response.status).toBe(409);
    expect(late.error).toMatchObject({ code: 'CONFLICT' });
    const missing = await app.client.updateNodeConfig('no-such-execution', 'label', {});
    expect(missing.response.status).toBe(404);
  });
});
