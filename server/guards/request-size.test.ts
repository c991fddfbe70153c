import { MAX_JSON_DEPTH } from '../../model';
import { checkDeclaredLength, checkGraphSize, checkJsonDepth } from './request-size';

describe('request size guards', () => {
  const limits = { maxNodes: 2, maxConnections: 1 };

  it('allows a graph within the limits and names the limit a larger one passes', () => {
    expect(checkGraphSize({ graph_json: { processes: { a: {}, b: {} }, connections: [{}] } }, limits)).toEqual({ ok: true });
    expect(checkGraphSize({ graph_json: { processes: { a: {}, b: {}, c: {} } } }, limits)).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', message: 'The graph has more than 2 nodes (max_graph_nodes)' } });
    expect(checkGraphSize({ graphs: [{ connections: [{}] }, { connections: [{}] }] }, limits)).toMatchObject({ ok: false, error: { message: 'The graph has more than 1 connections (max_graph_connections)' } });
  });

  it('refuses JSON nested too deep, naming what it is and, when asked, the place', () => {
    let deep: unknown = 1;
    for (let i = 0; i <= MAX_JSON_DEPTH; i++) deep = [deep];
    expect(checkJsonDepth([1], 'Frame')).toEqual({ ok: true });
    expect(checkJsonDepth(deep, 'Frame')).toMatchObject({ ok: false, error: { message: `Frame nests deeper than ${MAX_JSON_DEPTH} levels` } });
    const body = checkJsonDepth(deep, 'Request body', 'body');
    expect(body.ok === false && body.error.details).toEqual([{ path: 'body', message: `nests deeper than ${MAX_JSON_DEPTH} levels` }]);
  });

  it('refuses a declared length over the limit with PAYLOAD_TOO_LARGE', () => {
    expect(checkDeclaredLength(10, 10)).toEqual({ ok: true });
    expect(checkDeclaredLength(Number.NaN, 10)).toEqual({ ok: true });
    expect(checkDeclaredLength(11, 10)).toMatchObject({ ok: false, error: { code: 'PAYLOAD_TOO_LARGE' } });
  });
});
