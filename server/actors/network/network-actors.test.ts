import { networkActors } from './index';

const samples: Record<string, Record<string, unknown>> = {
  tpl_http_request: { url: 'http://h/x', extra: 1 },
  tpl_graphql_query: { endpoint: 'http://h/graphql', query: '{ a }', extra: 1 },
  tpl_rpc_call: { endpoint: 'http://h/rpc', method: 'm', extra: 1 },
};

describe('the network family', () => {
  it('declares exactly the ports and properties of the IDE templates', () => {
    const shapes = networkActors.map((actor) => ({
      id: actor.id,
      inports: Object.keys(actor.inports),
      outports: Object.keys(actor.outports),
      properties: Object.keys(actor.config.parse(samples[actor.id]) as object),
    }));
    expect(shapes).toEqual([
      {
        id: 'tpl_http_request',
        inports: ['data-in', 'headers-in'],
        outports: ['response-out', 'error-out'],
        properties: ['url', 'method', 'timeout', 'retryCount', 'followRedirects'],
      },
      { id: 'tpl_graphql_query', inports: ['variables-in'], outports: ['data-out', 'errors-out'], properties: ['endpoint', 'query', 'operationType'] },
      { id: 'tpl_rpc_call', inports: ['params-in'], outports: ['result-out', 'error-out'], properties: ['protocol', 'endpoint', 'method', 'version'] },
    ]);
  });

  it('makes headers-in a control port and requires no port, so an unfed node runs once as a source', () => {
    for (const actor of networkActors) {
      expect(Object.values(actor.inports).some((port) => port.required === true)).toBe(false);
    }
    expect(networkActors[0].inports['headers-in'].control).toBe(true);
  });
});
