import { createSalesforceActor } from '../../server/actors';
import { SALESFORCE_TEST_ACCOUNT, type SalesforcePeer, salesforceError, startSalesforcePeer } from '../support/peers/salesforce-peer';
import { everythingSaid, inTurn, runSaasNode, validationIssues } from './run-saas-node';

const FAST = { baseMs: 5, maxMs: 20, maxRetryAfterMs: 50 };
const secrets: Record<string, string> = { ...SALESFORCE_TEST_ACCOUNT };
const data = '/services/data/v60.0';
const collections = `${data}/composite/sobjects`;

let salesforce: SalesforcePeer;
afterEach(() => salesforce?.peer.close());

function actorFor(options: Parameters<typeof createSalesforceActor>[0] = {}, known: Record<string, string> = secrets) {
  return createSalesforceActor({ secret: (name) => known[name], policy: FAST, ...options });
}

function sent(index: number) {
  const request = salesforce.peer.requests[index];
  return { method: request.method, path: request.path, query: Object.fromEntries(request.query), body: request.json };
}

describe('tpl_salesforce', () => {
  it('logs in with the username-password grant, then runs the SOQL over every page', async () => {
    salesforce = await startSalesforcePeer();
    const outcome = await runSaasNode(actorFor(), { config: { soqlQuery: 'SELECT Id, Name FROM Account', loginUrl: salesforce.peer.url }, secrets });
    const [login, first, second] = salesforce.peer.requests;
    expect({ path: login.path, type: login.headers['content-type'], form: Object.fromEntries(new URLSearchParams(login.text)) }).toEqual({
      path: '/services/oauth2/token',
      type: 'application/x-www-form-urlencoded',
      form: {
        grant_type: 'password',
        client_id: SALESFORCE_TEST_ACCOUNT.SALESFORCE_CLIENT_ID,
        client_secret: SALESFORCE_TEST_ACCOUNT.SALESFORCE_CLIENT_SECRET,
        username: SALESFORCE_TEST_ACCOUNT.SALESFORCE_USERNAME,
        password: SALESFORCE_TEST_ACCOUNT.SALESFORCE_PASSWORD,
      },
    });
    expect({ method: first.method, path: first.path, q: first.query.get('q'), auth: first.headers.authorization }).toEqual({
      method: 'GET',
      path: `${data}/query`,
      q: 'SELECT Id, Name FROM Account',
      auth: `Bearer ${salesforce.issued[0]}`,
    });
    expect(second.path).toBe(`${data}/query/01gPEER-2`);
    expect(outcome.received['node.records-out']).toEqual([
      [expect.objectContaining({ Name: 'Acme' }), expect.objectContaining({ Name: 'Globex' }), expect.objectContaining({ Name: 'Initech' })],
    ]);
    expect(outcome.received['node.status-out']).toEqual([{ operation: 'query', object: 'Account', success: true, totalSize: 3, records: 3, pages: 2 }]);
    const said = everythingSaid(outcome);
    expect(Object.values(SALESFORCE_TEST_ACCOUNT).filter((value) => said.includes(value))).toEqual([]);
    expect(said).not.toContain(salesforce.issued[0]);
  });

  it("runs the SOQL sent as text on query-in, and fails with Salesforce's errorCode and message", async () => {
    salesforce = await startSalesforcePeer();
    const outcome = await runSaasNode(actorFor({ baseUrl: salesforce.peer.url }), {
      config: { soqlQuery: 'SELECT Id FROM Account' },
      packets: [['query-in', 'SELECT Id FROM Nowhere']],
      secrets,
    });
    expect(sent(1).query).toEqual({ q: 'SELECT Id FROM Nowhere' });
    expect(outcome.result.errors[0].message).toMatch(
      /^Salesforce answered HTTP 400 to GET http:\/\/127\.0\.0\.1:\d+\/services\/data\/v60\.0\/query: INVALID_TYPE: sObject type 'Nowhere' is not supported\.$/,
    );
    expect(salesforce.peer.requests).toHaveLength(2);
  });

  it('inserts, updates, deletes and upserts through sObject Collections, each record succeeding or failing alone, on one session', async () => {
    salesforce = await startSalesforcePeer();
    const actor = actorFor({ baseUrl: salesforce.peer.url });
    const insert = await runSaasNode(actor, {
      config: { operation: 'insert' },
      packets: [['query-in', [{ Name: 'Umbrella' }, { Website: 'no-name.example.test' }]]],
      secrets,
    });
    const update = await runSaasNode(actor, {
      config: { operation: 'update', object: 'Contact' },
      packets: [['query-in', { Id: '003X', LastName: 'Lovelace' }]],
      secrets,
    });
    const remove = await runSaasNode(actor, { config: { operation: 'delete' }, packets: [['query-in', ['001A', { Id: '001B' }]]], secrets });
    const upsert = await runSaasNode(actor, {
      config: { operation: 'upsert', externalIdField: 'External_Id__c' },
      packets: [
        [
          'query-in',
          [
            { External_Id__c: 'EXT-1', Name: 'Acme' },
            { External_Id__c: 'EXT-9', Name: 'New' },
          ],
        ],
      ],
      secrets,
    });
    expect(salesforce.issued).toHaveLength(1);
    expect(salesforce.peer.requests.slice(1).map((request) => request.headers.authorization)).toEqual(Array(4).fill(`Bearer ${salesforce.issued[0]}`));
    expect([sent(1), sent(2), sent(3), sent(4)]).toEqual([
      {
        method: 'POST',
        path: collections,
        query: {},
        body: {
          allOrNone: false,
          records: [
            { attributes: { type: 'Account' }, Name: 'Umbrella' },
            { attributes: { type: 'Account' }, Website: 'no-name.example.test' },
          ],
        },
      },
      {
        method: 'PATCH',
        path: collections,
        query: {},
        body: { allOrNone: false, records: [{ attributes: { type: 'Contact' }, id: '003X', LastName: 'Lovelace' }] },
      },
      { method: 'DELETE', path: collections, query: { ids: '001A,001B', allOrNone: 'false' }, body: undefined },
      {
        method: 'PATCH',
        path: `${collections}/Account/External_Id__c`,
        query: {},
        body: {
          allOrNone: false,
          records: [
            { attributes: { type: 'Account' }, External_Id__c: 'EXT-1', Name: 'Acme' },
            { attributes: { type: 'Account' }, External_Id__c: 'EXT-9', Name: 'New' },
          ],
        },
      },
    ]);
    expect(insert.received['node.status-out']).toEqual([
      {
        operation: 'insert',
        object: 'Account',
        success: false,
        total: 2,
        succeeded: 1,
        failed: 1,
        ids: ['001NEW1'],
        errors: [{ index: 1, errors: [{ statusCode: 'REQUIRED_FIELD_MISSING', message: 'Required fields are missing: [Name]', fields: ['Name'] }] }],
      },
    ]);
    expect(update.received['node.records-out']).toEqual([[{ id: '003X', success: true, errors: [] }]]);
    expect(remove.received['node.status-out']).toEqual([expect.objectContaining({ operation: 'delete', success: true, ids: ['001A', '001B'] })]);
    expect(upsert.received['node.records-out']).toEqual([
      [
        { id: '001A', success: true, errors: [], created: false },
        { id: '001NEW2', success: true, errors: [], created: true },
      ],
    ]);
  });

  it('logs in again once when Salesforce answers that the session expired', async () => {
    salesforce = await startSalesforcePeer();
    const actor = actorFor({ baseUrl: salesforce.peer.url });
    const config = { soqlQuery: 'SELECT Id FROM Account' };
    await runSaasNode(actor, { config, secrets });
    salesforce.expireSessions();
    const again = await runSaasNode(actor, { config, secrets });
    expect(again.received['node.status-out']).toEqual([expect.objectContaining({ records: 3 })]);
    expect(salesforce.peer.requests.map((request) => `${request.method} ${request.path} ${request.headers.authorization ?? ''}`.trim())).toEqual([
      'POST /services/oauth2/token',
      `GET ${data}/query Bearer 00DPEER!session-1`,
      `GET ${data}/query/01gPEER-2 Bearer 00DPEER!session-1`,
      `GET ${data}/query Bearer 00DPEER!session-1`,
      'POST /services/oauth2/token',
      `GET ${data}/query Bearer 00DPEER!session-2`,
      `GET ${data}/query/01gPEER-2 Bearer 00DPEER!session-2`,
    ]);
  });

  it('fails with the OAuth error description when the login is refused, letting no credential out', async () => {
    salesforce = await startSalesforcePeer();
    const known = { ...secrets, ROTATED: 'an-old-password' };
    const outcome = await runSaasNode(actorFor({ baseUrl: salesforce.peer.url }, known), {
      config: { soqlQuery: 'SELECT Id FROM Account', password: '${secret:ROTATED}' },
      secrets: known,
    });
    expect(outcome.result.errors[0].message).toMatch(
      /^Salesforce answered HTTP 400 to POST http:\/\/127\.0\.0\.1:\d+\/services\/oauth2\/token: authentication failure$/,
    );
    expect(salesforce.peer.requests).toHaveLength(1);
    const said = everythingSaid(outcome);
    expect(['an-old-password', SALESFORCE_TEST_ACCOUNT.SALESFORCE_CLIENT_SECRET].filter((value) => said.includes(value))).toEqual([]);
  });

  it('retries a query Salesforce answers 429 with Retry-After or 503, but sends an insert only once', async () => {
    salesforce = await startSalesforcePeer({
      [`GET ${data}/query`]: inTurn(
        salesforceError(429, 'REQUEST_LIMIT_EXCEEDED', 'Too many requests', { 'retry-after': '2' }),
        salesforceError(503, 'SERVER_UNAVAILABLE', 'Try later'),
        { body: { totalSize: 0, done: true, records: [] } },
      ),
      [`POST ${collections}`]: () => salesforceError(503, 'SERVER_UNAVAILABLE', 'Try later'),
    });
    const actor = actorFor({ baseUrl: salesforce.peer.url });
    const query = await runSaasNode(actor, { config: { soqlQuery: 'SELECT Id FROM Account' }, secrets });
    expect(query.received['node.status-out']).toEqual([expect.objectContaining({ totalSize: 0, pages: 1 })]);
    const insert = await runSaasNode(actor, { config: { operation: 'insert' }, packets: [['query-in', { Name: 'Once' }]], secrets });
    expect(insert.result.errors[0].message).toContain('Salesforce answered HTTP 503 to POST');
    expect(insert.result.errors[0].message).toContain(': SERVER_UNAVAILABLE: Try later');
    expect(salesforce.peer.requests.map((request) => request.method)).toEqual(['POST', 'GET', 'GET', 'GET', 'POST']);
  });

  it('reports the Retry-After of a limit that outlasts the retries', async () => {
    salesforce = await startSalesforcePeer({
      [`GET ${data}/query`]: () => salesforceError(429, 'REQUEST_LIMIT_EXCEEDED', 'TotalRequests Limit exceeded.', { 'retry-after': '120' }),
    });
    const outcome = await runSaasNode(actorFor({ baseUrl: salesforce.peer.url }), { config: { soqlQuery: 'SELECT Id FROM Account' }, secrets });
    expect(outcome.result.errors[0].message).toMatch(/HTTP 429 .*: REQUEST_LIMIT_EXCEEDED: TotalRequests Limit exceeded\. \(Retry-After: 120\)$/);
  });

  it('reports what query-in lacks without writing anything', async () => {
    salesforce = await startSalesforcePeer();
    const actor = actorFor({ baseUrl: salesforce.peer.url });
    const noSoql = await runSaasNode(actor, { config: {}, secrets });
    const noId = await runSaasNode(actor, { config: { operation: 'update' }, packets: [['query-in', { Name: 'No id' }]], secrets });
    const noExternalId = await runSaasNode(actor, {
      config: { operation: 'upsert', externalIdField: 'External_Id__c' },
      packets: [['query-in', { Name: 'x' }]],
      secrets,
    });
    expect(noSoql.result.errors[0].message).toContain('query needs a SOQL query: set soqlQuery or send it as text on query-in');
    expect(noId.result.errors[0].message).toContain('update needs the Id of every record on query-in');
    expect(noExternalId.result.errors[0].message).toContain('upsert needs the external id field External_Id__c in every record');
    expect(salesforce.peer.requests.filter((request) => request.path !== '/services/oauth2/token')).toEqual([]);
  });

  it('refuses a graph before it runs when a credential or the upsert key is missing, naming each', () => {
    const issues = validationIssues(createSalesforceActor(), { operation: 'upsert' });
    expect(issues.map((issue) => issue.split(':')[0])).toEqual(
      ['clientId', 'clientSecret', 'username', 'password', 'externalIdField'].map((key) => `processes.node.metadata.config.${key}`),
    );
    expect(issues[3]).toContain('set password or configure the secret SALESFORCE_PASSWORD');
    expect(validationIssues(actorFor(), { operation: 'upsert', externalIdField: 'External_Id__c' })).toEqual([]);
    expect(validationIssues(actorFor(), { apiVersion: 'latest' })).toEqual([expect.stringContaining("config 'apiVersion': must be a version such as 60.0")]);
  });

  it('aborts the query when the run is cancelled', async () => {
    salesforce = await startSalesforcePeer({ [`GET ${data}/query`]: () => ({ delayMs: 5000, body: {} }) });
    const cancel = new AbortController();
    setTimeout(() => cancel.abort(), 150);
    const outcome = await runSaasNode(actorFor({ baseUrl: salesforce.peer.url }), {
      config: { soqlQuery: 'SELECT Id FROM Account' },
      secrets,
      signal: cancel.signal,
    });
    expect(outcome.events.at(-1)?._type).toBe('Cancelled');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(salesforce.peer.aborted).toBe(1);
  });
});
