import { ActorError } from '../engine';
import { type ActorHttp } from './actor-http';
import { defineActor } from './define-actor';
import { runNode } from './run-node';

const fetcher = defineActor({
  id: 'acme/fetch',
  inports: { url: { required: true } },
  outports: { status: {}, stopped: {} },
  effects: 'repeatable',
  fire: async ({ http, inputs, send, stopped }) => {
    const response = await http.request({ url: String(inputs.url), method: 'post', body: { a: 1 } });
    await send('status', response.status);
    await send('stopped', stopped());
  },
});

describe('the HTTP client of package actors', () => {
  it('hands each firing the client it was given, leaving the rest of the context as the engine made it', async () => {
    const requests: unknown[] = [];
    const http: ActorHttp = {
      request: async (request) => {
        requests.push(request);
        return { status: 201, statusText: 'Created', headers: {}, url: String(request.url), body: '' };
      },
    };
    const { outputs } = await runNode(fetcher, { packets: [['url', 'http://127.0.0.1:1/x']], http });
    expect(outputs).toEqual({ status: 201, stopped: false });
    expect(requests).toEqual([{ url: 'http://127.0.0.1:1/x', method: 'post', body: { a: 1 } }]);
  });

  it('refuses a URL that is not http(s), failing the firing', async () => {
    const { result } = await runNode(fetcher, { packets: [['url', 'file:///etc/passwd']] });
    expect(result.errors[0]?.message).toContain("'file:' URLs are not requested");
  });
});

describe('ActorError', () => {
  it('recognises an error of another copy of the SDK by its mark, so that its details are routed', () => {
    const foreign = Object.assign(new Error('from a package'), { details: {}, [Symbol.for('workflow-execution-service.actor-error')]: true });
    expect(foreign instanceof ActorError).toBe(true);
    expect(new Error('plain') instanceof ActorError).toBe(false);
    expect(new ActorError('own', {}) instanceof ActorError).toBe(true);
  });
});
