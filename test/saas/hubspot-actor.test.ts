import { type JsonValue } from '../../server/engine';
import { createHubspotActor } from '../../server/actors';
import { HUBSPOT_TEST_TOKEN, type HubspotPeer, hubspotError, hubspotRateHeaders, startHubspotPeer } from '../support/peers/hubspot-peer';
import { everythingSaid, inTurn, runSaasNode, validationIssues } from './run-saas-node';

const FAST = { baseMs: 5, maxMs: 20, maxRetryAfterMs: 50 };
const secrets = { HUBSPOT_API_KEY: HUBSPOT_TEST_TOKEN };
const contacts = '/crm/v3/objects/contacts';
const rateLimit = { max: 100, remaining: 99, intervalMs: 10000, dailyMax: 250000, dailyRemaining: 249000 };

let hubspot: HubspotPeer;
afterEach(() => hubspot?.peer.close());

function actorFor(options: Parameters<typeof createHubspotActor>[0] = {}, known: Record<string, string> = secrets) {
  return createHubspotActor({ secret: (name) => known[name], baseUrl: hubspot.peer.url, policy: FAST, ...options });
}

function sent(index: number) {
  const request = hubspot.peer.requests[index];
  return { method: request.method, path: request.path, query: Object.fromEntries(request.query), body: request.json };
}

describe('tpl_hubspot', () => {
  it('gets a record by id with its properties and associations, and lists a page when no id comes', async () => {
    hubspot = await startHubspotPeer();
    const actor = actorFor();
    const one = await runSaasNode(actor, { config: { properties: 'email,\nfirstname', associations: true }, packets: [['filter-in', 501]], secrets });
    const page = await runSaasNode(actor, { config: {}, packets: [['filter-in', { limit: 1 }]], secrets });
    expect(sent(0)).toEqual({
      method: 'GET',
      path: `${contacts}/501`,
      query: { properties: 'email,firstname', associations: 'companies,deals,tickets' },
      body: undefined,
    });
    expect(sent(1)).toEqual({ method: 'GET', path: contacts, query: { limit: '1' }, body: undefined });
    expect(hubspot.peer.requests.every((request) => request.headers.authorization === `Bearer ${HUBSPOT_TEST_TOKEN}`)).toBe(true);
    expect(one.received['node.results-out']).toEqual([
      expect.objectContaining({
        id: '501',
        properties: { hs_object_id: '501', email: 'ada@example.test', firstname: 'Ada' },
        associations: expect.objectContaining({ deals: { results: [{ id: '9001', type: 'contact_to_deal' }] } }),
      }),
    ]);
    expect(one.received['node.metrics-out']).toEqual([
      { operation: 'get', objectType: 'contacts', count: 1, calls: 1, status: 200, rateLimit, durationMs: expect.any(Number) },
    ]);
    expect(page.received['node.results-out']).toEqual([[expect.objectContaining({ id: '501' })]]);
    expect(page.received['node.metrics-out']).toEqual([expect.objectContaining({ count: 1, after: '1' })]);
    expect(everythingSaid(one)).not.toContain(HUBSPOT_TEST_TOKEN);
  });

  it('creates, updates and searches records, sending the CRM v3 bodies', async () => {
    hubspot = await startHubspotPeer();
    const actor = actorFor();
    const created = await runSaasNode(actor, {
      config: { operation: 'create' },
      packets: [['data-in', { email: 'grace@example.test', firstname: 'Grace' }]],
      secrets,
    });
    const updated = await runSaasNode(actor, { config: { operation: 'update' }, packets: [['data-in', { id: 502, firstname: 'Alan M.' }]], secrets });
    const found = await runSaasNode(actor, {
      config: { operation: 'search', properties: 'email' },
      packets: [['filter-in', { email: 'ada@example.test' }]],
      secrets,
    });
    expect(sent(0)).toEqual({ method: 'POST', path: contacts, query: {}, body: { properties: { email: 'grace@example.test', firstname: 'Grace' } } });
    expect(sent(1)).toEqual({ method: 'PATCH', path: `${contacts}/502`, query: {}, body: { properties: { firstname: 'Alan M.' } } });
    expect(sent(2)).toEqual({
      method: 'POST',
      path: `${contacts}/search`,
      query: {},
      body: { limit: 100, properties: ['email'], filterGroups: [{ filters: [{ propertyName: 'email', operator: 'EQ', value: 'ada@example.test' }] }] },
    });
    expect(created.received['node.results-out']).toEqual([expect.objectContaining({ id: '900' })]);
    expect(updated.received['node.results-out']).toEqual([
      expect.objectContaining({ id: '502', properties: expect.objectContaining({ firstname: 'Alan M.' }) }),
    ]);
    expect(found.received['node.results-out']).toEqual([
      [expect.objectContaining({ id: '501', properties: { hs_object_id: '501', email: 'ada@example.test' } })],
    ]);
    expect(found.received['node.metrics-out']).toEqual([expect.objectContaining({ operation: 'search', count: 1, total: 1 })]);
    expect(hubspot.stores.contacts.get('502')).toEqual({ email: 'alan@example.test', firstname: 'Alan M.' });
  });

  it('splits a batch into create, update and read requests and reports the records HubSpot could not find', async () => {
    hubspot = await startHubspotPeer();
    const batch: JsonValue = ['501', 404, { id: '502', firstname: 'Al' }, { email: 'new@example.test' }];
    const outcome = await runSaasNode(actorFor(), {
      config: { operation: 'batch', objectType: 'deals', properties: 'email' },
      packets: [['data-in', batch]],
      secrets,
    });
    expect([sent(0), sent(1), sent(2)]).toEqual([
      { method: 'POST', path: '/crm/v3/objects/deals/batch/create', query: {}, body: { inputs: [{ properties: { email: 'new@example.test' } }] } },
      { method: 'POST', path: '/crm/v3/objects/deals/batch/update', query: {}, body: { inputs: [{ id: '502', properties: { firstname: 'Al' } }] } },
      { method: 'POST', path: '/crm/v3/objects/deals/batch/read', query: {}, body: { inputs: [{ id: '501' }, { id: '404' }], properties: ['email'] } },
    ]);
    expect(outcome.received['node.results-out']).toEqual([
      [expect.objectContaining({ id: '900' }), expect.objectContaining({ id: '502' }), expect.objectContaining({ id: '501' })],
    ]);
    expect(outcome.received['node.metrics-out']).toEqual([
      expect.objectContaining({
        operation: 'batch',
        objectType: 'deals',
        count: 3,
        calls: 3,
        status: 207,
        errors: [expect.objectContaining({ category: 'OBJECT_NOT_FOUND', context: { ids: ['404'] } })],
      }),
    ]);
  });

  it('lists every object type of its select list under its own path', async () => {
    hubspot = await startHubspotPeer();
    for (const objectType of ['contacts', 'companies', 'deals', 'tickets']) {
      const outcome = await runSaasNode(actorFor(), { config: { objectType }, secrets });
      expect(outcome.received['node.metrics-out']).toEqual([expect.objectContaining({ objectType, count: 2 })]);
    }
    expect(hubspot.peer.requests.map((request) => request.path)).toEqual(
      ['contacts', 'companies', 'deals', 'tickets'].map((type) => `/crm/v3/objects/${type}`),
    );
  });

  it("fails with HubSpot's message when its token is refused, and never retries a 401", async () => {
    hubspot = await startHubspotPeer();
    const known = { CRM_TOKEN: 'pat-na1-revoked' };
    const outcome = await runSaasNode(actorFor({}, known), { config: { apiKey: '${secret:CRM_TOKEN}' }, secrets: known });
    expect(outcome.result.errors[0].message).toMatch(
      /^HubSpot answered HTTP 401 to GET http:\/\/127\.0\.0\.1:\d+\/crm\/v3\/objects\/contacts: Authentication credentials not found/,
    );
    expect(hubspot.peer.requests).toHaveLength(1);
    expect(hubspot.peer.requests[0].headers.authorization).toBe('Bearer pat-na1-revoked');
    expect(everythingSaid(outcome)).not.toContain('pat-na1-revoked');
  });

  it('retries a search HubSpot answers 429 with Retry-After, but sends a create only once', async () => {
    const limited = hubspotError(429, 'You have reached your ten_secondly_rolling limit.', 'RATE_LIMITS', { 'retry-after': '1' });
    hubspot = await startHubspotPeer({
      [`POST ${contacts}/search`]: inTurn(limited, { headers: hubspotRateHeaders(50), body: { total: 0, results: [] } }),
      [`POST ${contacts}`]: () => limited,
    });
    const search = await runSaasNode(actorFor(), { config: { operation: 'search' }, packets: [['filter-in', 'ada']], secrets });
    expect(search.received['node.metrics-out']).toEqual([
      expect.objectContaining({ count: 0, total: 0, rateLimit: expect.objectContaining({ remaining: 50 }) }),
    ]);
    expect(sent(0).body).toEqual({ limit: 100, query: 'ada' });
    const create = await runSaasNode(actorFor(), { config: { operation: 'create' }, packets: [['data-in', { email: 'x@example.test' }]], secrets });
    expect(create.result.errors[0].message).toMatch(
      /HubSpot answered HTTP 429 to POST .*: You have reached your ten_secondly_rolling limit\. \(Retry-After: 1\)$/,
    );
    expect(hubspot.peer.requests.map((request) => request.path)).toEqual([`${contacts}/search`, `${contacts}/search`, contacts]);
  });

  it('gives up on a get after the retries a 5xx allows, with the last answer', async () => {
    hubspot = await startHubspotPeer({ [`GET ${contacts}/501`]: () => hubspotError(502, 'Bad gateway', 'INTERNAL_ERROR') });
    const outcome = await runSaasNode(actorFor(), { config: {}, packets: [['filter-in', '501']], secrets });
    expect(outcome.result.errors[0].message).toContain('HubSpot answered HTTP 502 to GET');
    expect(hubspot.peer.requests).toHaveLength(3);
  });

  it('uses the server-wide address when the node names none', async () => {
    hubspot = await startHubspotPeer();
    const actor = createHubspotActor({ secret: (name) => (secrets as Record<string, string>)[name], baseUrl: `${hubspot.peer.url}/` });
    const outcome = await runSaasNode(actor, { config: { operation: 'get' }, packets: [['data-in', { id: '502' }]], secrets });
    expect(outcome.received['node.results-out']).toEqual([expect.objectContaining({ id: '502' })]);
  });

  it('reports what the packets lack without calling HubSpot', async () => {
    hubspot = await startHubspotPeer();
    const update = await runSaasNode(actorFor(), { config: { operation: 'update' }, packets: [['data-in', { firstname: 'No id' }]], secrets });
    const batch = await runSaasNode(actorFor(), { config: { operation: 'batch' }, packets: [['data-in', { not: 'an array' }]], secrets });
    expect(update.result.errors[0].message).toContain('update needs the changed properties on data-in and the record id');
    expect(batch.result.errors[0].message).toContain('batch needs a non-empty array on data-in');
    expect(hubspot.peer.requests).toHaveLength(0);
  });

  it('refuses a graph without a token before it runs, naming the setting', () => {
    expect(validationIssues(createHubspotActor(), {})).toEqual([
      "processes.node.metadata.config.apiKey: Node 'node': config 'apiKey': is required: set apiKey or configure the secret HUBSPOT_API_KEY",
    ]);
    expect(validationIssues(createHubspotActor({ secret: (name) => (name === 'HUBSPOT_API_KEY' ? 'x' : undefined) }), { operation: 'search' })).toEqual([]);
    expect(validationIssues(createHubspotActor(), { apiKey: 'x', objectType: 'leads' })).toEqual([expect.stringContaining("config 'objectType'")]);
  });

  it('aborts the call when the run is cancelled', async () => {
    hubspot = await startHubspotPeer({ [`GET ${contacts}`]: () => ({ delayMs: 5000, body: {} }) });
    const cancel = new AbortController();
    setTimeout(() => cancel.abort(), 150);
    const outcome = await runSaasNode(actorFor(), { config: {}, secrets, signal: cancel.signal });
    expect(outcome.events.at(-1)?._type).toBe('Cancelled');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(hubspot.peer.aborted).toBe(1);
  });
});
