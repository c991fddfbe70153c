import assert from 'node:assert/strict';
import { type AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { type ActorHttpRequest, runNode } from '@workflow-execution-service/actor-sdk';
import { fetchJson } from '../src/fetch-json';

describe('Fetch JSON', () => {
  const server = createServer((request, response) => {
    const status = request.url === '/missing' ? 404 : 200;
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ path: request.url, title: 'Hello' }));
  });
  let baseUrl = '';
  before(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => server.close());

  it('GETs the document under the base URL and emits it', async () => {
    const { outputs } = await runNode(fetchJson, { config: { baseUrl }, packets: [['path', '/articles/1']] });
    assert.deepEqual(outputs, { json: { path: '/articles/1', title: 'Hello' } });
  });

  it('emits the picked field', async () => {
    const { outputs } = await runNode(fetchJson, { config: { baseUrl, pick: 'title' }, packets: [['path', 'a']] });
    assert.deepEqual(outputs, { json: 'Hello' });
  });

  it('fails on a 4xx with the status in the routed error', async () => {
    const { outputs } = await runNode(fetchJson, { config: { baseUrl, retries: 0 }, packets: [['path', 'missing']], exportErrors: true });
    assert.equal((outputs['error-out'] as { status: number }).status, 404);
  });

  it('sends what the actor asks through the HTTP client it is given', async () => {
    const asked: ActorHttpRequest[] = [];
    const http = {
      request: async (request: ActorHttpRequest) => {
        asked.push(request);
        return { status: 200, statusText: 'OK', headers: {}, url: String(request.url), body: '[1]' };
      },
    };
    const { outputs } = await runNode(fetchJson, { config: { baseUrl: 'https://api.example.com/' }, packets: [['path', 'x']], http });
    assert.deepEqual(outputs, { json: [1] });
    assert.equal(asked[0]?.url, 'https://api.example.com/x');
  });
});
