import { MAX_JSON_DEPTH } from '../../model';
import { checkDeclaredLength, checkJsonShape } from './request-size';

describe('request size guards', () => {
  const limits = { maxNodes: 2, maxConnections: 1 };

  it('allows a graph within the limits and names the limit a larger one passes', () => {
    expect(checkJsonShape({ graph_json: { processes: { a: {}, b: {} }, connections: [{}] } }, 'Request body', limits)).toEqual({ ok: true });
    expect(checkJsonShape({ graph_json: { processes: { a: {}, b: {}, c: {} } } }, 'Request body', limits)).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED', message: 'The graph has more than 2 nodes (max_graph_nodes)' },
    });
    expect(checkJsonShape({ graphs: [{ connections: [{}] }, { connections: [{}] }] }, 'Request body', limits)).toMatchObject({
      ok: false,
      error: { message: 'The graph has more than 1 connections (max_graph_connections)' },
    });
  });

  it('refuses JSON nested too deep, naming what it is and, when asked, the place', () => {
    let deep: unknown = 1;
    for (let i = 0; i <= MAX_JSON_DEPTH; i++) deep = [deep];
    expect(checkJsonShape([1], 'Frame', limits)).toEqual({ ok: true });
    expect(checkJsonShape(deep, 'Frame', limits)).toMatchObject({ ok: false, error: { message: `Frame nests deeper than ${MAX_JSON_DEPTH} levels` } });
    const body = checkJsonShape(deep, 'Request body', limits, 'body');
    expect(body.ok === false && body.error.details).toEqual([{ path: 'body', message: `nests deeper than ${MAX_JSON_DEPTH} levels` }]);
  });

  it('tells a body both too large and too deep that it is too deep, wherever the deep part lies', () => {
    let deep: unknown = 1;
    for (let i = 0; i <= MAX_JSON_DEPTH; i++) deep = [deep];
    const tooMany = { processes: { a: {}, b: {}, c: {} } };
    expect(checkJsonShape({ graph_json: tooMany, input: deep }, 'Frame', limits)).toMatchObject({
      ok: false,
      error: { message: `Frame nests deeper than ${MAX_JSON_DEPTH} levels` },
    });
    expect(checkJsonShape({ input: deep, graph_json: tooMany }, 'Frame', limits)).toMatchObject({
      ok: false,
      error: { message: `Frame nests deeper than ${MAX_JSON_DEPTH} levels` },
    });
    expect(checkJsonShape(undefined, 'Request body', limits)).toEqual({ ok: true });
  });

  it('refuses a declared length over the limit with PAYLOAD_TOO_LARGE', () => {
    expect(checkDeclaredLength(10, 10)).toEqual({ ok: true });
    expect(checkDeclaredLength(Number.NaN, 10)).toEqual({ ok: true });
    expect(checkDeclaredLength(11, 10)).toMatchObject({ ok: false, error: { code: 'PAYLOAD_TOO_LARGE' } });
  });
});
