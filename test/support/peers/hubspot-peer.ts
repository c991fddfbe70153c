import { type PeerAnswer, type PeerRoute, type RecordedRequest, type RecordingPeer, startRecordingPeer } from './recording-peer';

/** The private-app token the HubSpot peer accepts. */
export const HUBSPOT_TEST_TOKEN = 'pat-na1-peer0000-1111-2222-3333-444455556666';

/** The records each object type of the peer starts with, by id. */
const HUBSPOT_RECORDS = {
  '501': { email: 'ada@example.test', firstname: 'Ada' },
  '502': { email: 'alan@example.test', firstname: 'Alan' },
} as const;

/** HubSpot's rate-limit headers, with `remaining` requests left in the 10-second window. */
export function hubspotRateHeaders(remaining = 99): Record<string, string> {
  return {
    'x-hubspot-ratelimit-max': '100',
    'x-hubspot-ratelimit-remaining': String(remaining),
    'x-hubspot-ratelimit-interval-milliseconds': '10000',
    'x-hubspot-ratelimit-daily': '250000',
    'x-hubspot-ratelimit-daily-remaining': '249000',
  };
}

/** A HubSpot error answer: `{status: 'error', message, correlationId, category}`. */
export function hubspotError(status: number, message: string, category: string, headers: Record<string, string> = {}): PeerAnswer {
  return {
    status,
    headers: { ...hubspotRateHeaders(status === 429 ? 0 : 98), ...headers },
    body: { status: 'error', message, correlationId: 'c0ffee00-0000-4000-8000-000000000000', category },
  };
}

type Properties = Record<string, unknown>;

const SINGULAR: Readonly<Record<string, string>> = { contacts: 'contact', companies: 'company', deals: 'deal', tickets: 'ticket' };

function record(id: string, properties: Properties): Record<string, unknown> {
  return { id, properties: { hs_object_id: id, ...properties }, createdAt: '2024-01-01T00:00:00Z', updatedAt: '2024-01-02T00:00:00Z', archived: false };
}

function answer(body: unknown, status = 200): PeerAnswer {
  return { status, headers: hubspotRateHeaders(), body };
}

function authorized(route: (request: RecordedRequest) => PeerAnswer): PeerRoute {
  return (request) =>
    request.headers.authorization === `Bearer ${HUBSPOT_TEST_TOKEN}`
      ? route(request)
      : hubspotError(401, 'Authentication credentials not found. This API supports OAuth 2.0 authentication.', 'INVALID_AUTHENTICATION');
}

// Only the properties a request names, as HubSpot returns them.
function picked(properties: Properties, names: string | null | undefined): Properties {
  if (names === null || names === undefined) return properties;
  return Object.fromEntries(
    names
      .split(',')
      .filter((name) => name in properties)
      .map((name) => [name, properties[name]]),
  );
}

function objectRoutes(type: string, store: Map<string, Properties>): Record<string, PeerRoute> {
  const objects = `/crm/v3/objects/${type}`;
  let nextId = 900;
  const routes: Record<string, PeerRoute> = {
    [`GET ${objects}`]: authorized(({ query }) => {
      const all = [...store].map(([id, properties]) => record(id, picked(properties, query.get('properties'))));
      const limit = Number(query.get('limit') ?? 10);
      const start = Number(query.get('after') ?? 0);
      const next = start + limit < all.length ? { paging: { next: { after: String(start + limit) } } } : {};
      return answer({ results: all.slice(start, start + limit), ...next });
    }),
    [`POST ${objects}`]: authorized(({ json }) => {
      const id = String(nextId++);
      store.set(id, (json as { properties: Properties }).properties);
      return answer(record(id, store.get(id)!), 201);
    }),
    [`POST ${objects}/search`]: authorized(({ json }) => {
      const { filterGroups = [], properties } = json as { filterGroups?: { filters: { propertyName: string; value: string }[] }[]; properties?: string[] };
      const matches = [...store].filter(
        ([, values]) =>
          filterGroups.length === 0 || filterGroups.some(({ filters }) => filters.every((filter) => String(values[filter.propertyName]) === filter.value)),
      );
      return answer({ total: matches.length, results: matches.map(([id, values]) => record(id, picked(values, properties?.join(',')))) });
    }),
    [`POST ${objects}/batch/read`]: authorized(({ json }) => {
      const { inputs, properties } = json as { inputs: { id: string }[]; properties?: string[] };
      const found = inputs.filter(({ id }) => store.has(id));
      const missing = inputs
        .filter(({ id }) => !store.has(id))
        .map(({ id }) => ({
          status: 'error',
          category: 'OBJECT_NOT_FOUND',
          message: `Could not get some ${type} objects, they may be deleted or not exist. Check that ids are valid.`,
          context: { ids: [id] },
        }));
      return answer(
        {
          status: 'COMPLETE',
          results: found.map(({ id }) => record(id, picked(store.get(id)!, properties?.join(',')))),
          ...(missing.length > 0 ? { numErrors: missing.length, errors: missing } : {}),
        },
        missing.length > 0 ? 207 : 200,
      );
    }),
    [`POST ${objects}/batch/update`]: authorized(({ json }) => {
      const { inputs } = json as { inputs: { id: string; properties: Properties }[] };
      for (const { id, properties } of inputs) store.set(id, { ...store.get(id), ...properties });
      return answer({ status: 'COMPLETE', results: inputs.map(({ id }) => record(id, store.get(id)!)) });
    }),
    [`POST ${objects}/batch/create`]: authorized(({ json }) => {
      const { inputs } = json as { inputs: { properties: Properties }[] };
      const created = inputs.map(({ properties }) => {
        const id = String(nextId++);
        store.set(id, properties);
        return record(id, properties);
      });
      return answer({ status: 'COMPLETE', results: created }, 201);
    }),
  };
  for (const id of Object.keys(HUBSPOT_RECORDS)) {
    routes[`GET ${objects}/${id}`] = authorized(({ query }) => {
      const associated = (query.get('associations') ?? '').split(',').filter((name) => name !== '');
      const associations = Object.fromEntries(
        associated.map((other) => [other, { results: [{ id: '9001', type: `${SINGULAR[type]}_to_${SINGULAR[other]}` }] }]),
      );
      return answer({ ...record(id, picked(store.get(id)!, query.get('properties'))), ...(associated.length > 0 ? { associations } : {}) });
    });
    routes[`PATCH ${objects}/${id}`] = authorized(({ json }) => {
      store.set(id, { ...store.get(id), ...(json as { properties: Properties }).properties });
      return answer(record(id, store.get(id)!));
    });
  }
  return routes;
}

/** A started HubSpot peer and the records it keeps per object type. */
export interface HubspotPeer {
  readonly peer: RecordingPeer;
  readonly stores: Readonly<Record<string, Map<string, Properties>>>;
}

/**
 * Starts a HubSpot CRM v3 peer: for contacts, companies, deals and tickets, records 501 and 502 to get and
 * patch, listing with `limit`/`after` paging, create, search by `EQ` filters and batch read, update and create,
 * each answer with HubSpot's rate-limit headers. `overrides` replace routes.
 */
export async function startHubspotPeer(overrides: Record<string, PeerRoute> = {}): Promise<HubspotPeer> {
  const stores: Record<string, Map<string, Properties>> = {};
  const routes: Record<string, PeerRoute> = {};
  for (const type of ['contacts', 'companies', 'deals', 'tickets']) {
    stores[type] = new Map(Object.entries(HUBSPOT_RECORDS).map(([id, properties]) => [id, { ...properties }]));
    Object.assign(routes, objectRoutes(type, stores[type]));
  }
  return { peer: await startRecordingPeer({ ...routes, ...overrides }), stores };
}
