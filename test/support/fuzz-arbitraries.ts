import fc from 'fast-check';

/**
 * What the API fuzz suites send: generated path parameters, routes, queries, bodies and `/ws` frames. The
 * suites share them so that a read-only token meets the same requests an anonymous client does.
 */
const ID = fc.oneof(fc.constantFrom('x', 'exec-1', '%zz', '%E0%A4%A', '..', '%2F', 'a%00b'), fc.string({ maxLength: 20 }).map(encodeURIComponent));

/** Every route of the API, with generated path parameters. */
export const PATH = fc.oneof(
  fc.constant('/health'),
  fc.constant('/workflows'),
  ID.map((id) => `/workflows/${id}`),
  ID.map((id) => `/workflows/${id}/cancel`),
  fc.tuple(ID, ID).map(([id, node]) => `/workflows/${id}/nodes/${node}/config`),
  ID.map((id) => `/workflows/${id}/events`),
  fc.constant('/ide/convert'),
  fc.constant('/ide/workflows'),
  fc.constant('/actors'),
  ID.map((id) => `/actors/${id}`),
);

const QUERY_KEY = fc.oneof(fc.constantFrom('limit', 'status', 'cursor', 'workflow_id', 'from_seq', 'limit[]', 'status[a]'), fc.string({ maxLength: 8 }));
export const QUERY = fc.dictionary(QUERY_KEY, fc.oneof(fc.string({ maxLength: 12 }), fc.integer().map(String)), { maxKeys: 3 });

/** JSON bodies of any shape, plus text that is not JSON. */
export const BODY = fc.oneof(
  fc.jsonValue({ maxDepth: 5 }).map((value) => JSON.stringify(value)),
  fc
    .record({ graph_json: fc.jsonValue({ maxDepth: 4 }), input: fc.jsonValue({ maxDepth: 2 }), metadata: fc.jsonValue({ maxDepth: 2 }) })
    .map((value) => JSON.stringify(value)),
  fc.record({ workflow: fc.jsonValue({ maxDepth: 4 }), input: fc.jsonValue({ maxDepth: 2 }) }).map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 40 }),
);

/** Every client message type, with generated fields, plus frames of any shape. */
export const FRAME = fc.oneof(
  fc
    .record({
      type: fc.constantFrom('start_workflow', 'subscribe_workflow', 'unsubscribe_workflow', 'cancel_workflow'),
      execution_id: fc.string({ maxLength: 12 }),
      data: fc.jsonValue({ maxDepth: 4 }),
      from_seq: fc.jsonValue({ maxDepth: 1 }),
      request_id: fc.jsonValue({ maxDepth: 1 }),
    })
    .map((value) => JSON.stringify(value)),
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 40 }),
);
