import { generateKeyPairSync } from 'node:crypto';
import { EgressPolicy } from '../../server/outbound-http';
import { createGoogleSheetsActor } from '../../server/actors';
import {
  SHEETS_TEST_ACCESS_TOKEN,
  SHEETS_TEST_ACCOUNT,
  SHEETS_TEST_API_KEY,
  SHEET_ID,
  type SheetsPeer,
  googleError,
  startSheetsPeer,
} from '../support/peers/google-sheets-peer';
import { type SaasNodeRun, everythingSaid, inTurn, runSaasNode, validationIssues } from './run-saas-node';

const RANGE = 'Sheet1!A1:C3';
const FAST = { baseMs: 5, maxMs: 20, maxRetryAfterMs: 50 };
const keySecrets = { GOOGLE_SHEETS_API_KEY: SHEETS_TEST_API_KEY };
const accountSecrets = { GOOGLE_SHEETS_CLIENT_EMAIL: SHEETS_TEST_ACCOUNT.clientEmail, GOOGLE_SHEETS_PRIVATE_KEY: SHEETS_TEST_ACCOUNT.privateKey };
const valuesPath = `/v4/spreadsheets/${SHEET_ID}/values/${encodeURIComponent(RANGE)}`;

let sheets: SheetsPeer;
afterEach(() => sheets?.peer.close());

function actorFor(known: Record<string, string>, options: Parameters<typeof createGoogleSheetsActor>[0] = {}) {
  return createGoogleSheetsActor({ secret: (name) => known[name], baseUrl: sheets.peer.url, tokenUrl: sheets.tokenUrl, policy: FAST, ...options });
}

describe('tpl_google_sheets', () => {
  it('reads a range with the API key in the x-goog-api-key header, never in the URL', async () => {
    sheets = await startSheetsPeer(RANGE, [
      ['name', 'age'],
      ['Ada', 36],
    ]);
    const outcome = await runSaasNode(actorFor(keySecrets), { config: { spreadsheetId: SHEET_ID, range: RANGE }, secrets: keySecrets });
    const [read] = sheets.peer.requests;
    expect({ method: read.method, path: read.path, query: read.url.includes('?') }).toEqual({ method: 'GET', path: valuesPath, query: false });
    expect(read.headers['x-goog-api-key']).toBe(SHEETS_TEST_API_KEY);
    expect(read.headers.authorization).toBeUndefined();
    expect(outcome.received['node.values-out']).toEqual([
      [
        ['name', 'age'],
        ['Ada', 36],
      ],
    ]);
    expect(outcome.received['node.metadata-out']).toEqual([{ spreadsheetId: SHEET_ID, range: RANGE, majorDimension: 'ROWS', rowCount: 2, columnCount: 2 }]);
    expect(everythingSaid(outcome)).not.toContain(SHEETS_TEST_API_KEY);
  });

  it('writes, appends, reads and clears with a service-account token exchanged once at the token URL', async () => {
    sheets = await startSheetsPeer(RANGE);
    const actor = actorFor(accountSecrets);
    const node = (operation: string, extra: Record<string, unknown> = {}) => ({ spreadsheetId: SHEET_ID, range: RANGE, operation, ...extra });
    const write = await runSaasNode(actor, {
      config: node('write', { valueInputOption: 'RAW' }),
      packets: [
        [
          'data-in',
          [
            { name: 'Ada', age: 36 },
            { name: 'Alan', town: 'Wilmslow' },
          ],
        ],
      ],
      secrets: accountSecrets,
    });
    const append = await runSaasNode(actor, { config: node('append'), packets: [['data-in', [['Grace', 85, null]]]], secrets: accountSecrets });
    const read = await runSaasNode(actor, { config: node('read'), secrets: accountSecrets });
    const clear = await runSaasNode(actor, { config: node('clear'), secrets: accountSecrets });
    const [token, put, post, get, cleared] = sheets.peer.requests;
    expect(sheets.peer.requests).toHaveLength(5);
    expect(token.path).toBe('/token');
    for (const call of [put, post, get, cleared]) expect(call.headers.authorization).toBe(`Bearer ${SHEETS_TEST_ACCESS_TOKEN}`);
    expect({ method: put.method, path: put.path, query: Object.fromEntries(put.query), body: put.json }).toEqual({
      method: 'PUT',
      path: valuesPath,
      query: { valueInputOption: 'RAW' },
      body: {
        majorDimension: 'ROWS',
        values: [
          ['name', 'age', 'town'],
          ['Ada', 36, ''],
          ['Alan', '', 'Wilmslow'],
        ],
      },
    });
    expect({ method: post.method, path: post.path, query: Object.fromEntries(post.query), body: post.json }).toEqual({
      method: 'POST',
      path: `${valuesPath}:append`,
      query: { valueInputOption: 'USER_ENTERED', insertDataOption: 'INSERT_ROWS' },
      body: { majorDimension: 'ROWS', values: [['Grace', 85, '']] },
    });
    expect({ method: cleared.method, path: cleared.path, body: cleared.json }).toEqual({ method: 'POST', path: `${valuesPath}:clear`, body: {} });
    expect(write.received['node.metadata-out']).toEqual([{ spreadsheetId: SHEET_ID, updatedRange: RANGE, updatedRows: 3, updatedColumns: 3, updatedCells: 9 }]);
    expect(append.received['node.values-out']).toEqual([[['Grace', 85, '']]]);
    expect(append.received['node.metadata-out']).toEqual([
      expect.objectContaining({ tableRange: `${RANGE}#3x3`, updates: expect.objectContaining({ updatedRows: 1 }) }),
    ]);
    expect(read.received['node.values-out']).toEqual([
      [
        ['name', 'age', 'town'],
        ['Ada', 36, ''],
        ['Alan', '', 'Wilmslow'],
        ['Grace', 85, ''],
      ],
    ]);
    expect(clear.received).toEqual({ 'node.values-out': [[]], 'node.metadata-out': [{ spreadsheetId: SHEET_ID, clearedRange: RANGE }] });
    expect(sheets.grid).toEqual([]);
    for (const outcome of [write, append, read, clear]) {
      const said = everythingSaid(outcome);
      expect([SHEETS_TEST_ACCESS_TOKEN, SHEETS_TEST_ACCOUNT.privateKey.split('\n')[1]].filter((secret) => said.includes(secret))).toEqual([]);
    }
  });

  it('takes the range from range-in and the account from ${secret:NAME} references, its key written with \\n escapes', async () => {
    sheets = await startSheetsPeer('Totals!B2', [[42]]);
    const escaped = { SA_EMAIL: SHEETS_TEST_ACCOUNT.clientEmail, SA_KEY: SHEETS_TEST_ACCOUNT.privateKey.replace(/\n/g, '\\n') };
    const config = { spreadsheetId: SHEET_ID, clientEmail: '${secret:SA_EMAIL}', privateKey: '${secret:SA_KEY}' };
    const outcome = await runSaasNode(actorFor(escaped), { config, packets: [['range-in', 'Totals!B2']], secrets: escaped });
    expect(outcome.received['node.values-out']).toEqual([[[42]]]);
    expect(sheets.peer.requests.map((request) => request.path)).toEqual(['/token', `/v4/spreadsheets/${SHEET_ID}/values/Totals!B2`]);
  });

  it("fails with Google's description when the token endpoint refuses the account's assertion", async () => {
    sheets = await startSheetsPeer(RANGE);
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const secrets = { ...accountSecrets, GOOGLE_SHEETS_PRIVATE_KEY: stranger };
    const outcome = await runSaasNode(actorFor(secrets), { config: { spreadsheetId: SHEET_ID, range: RANGE, operation: 'clear' }, secrets });
    expect(outcome.result.errors[0].message).toMatch(/^Google OAuth answered HTTP 400 to POST http:\/\/127\.0\.0\.1:\d+\/token: Invalid JWT Signature\.$/);
    expect(sheets.peer.requests).toHaveLength(1);
  });

  it("fails with Google's message when an API key is refused, and when a write is sent with the wrong token", async () => {
    sheets = await startSheetsPeer(RANGE);
    const wrongKey = { GOOGLE_SHEETS_API_KEY: 'AIzaSyWrongKey' };
    const refused = await runSaasNode(actorFor(wrongKey), { config: { spreadsheetId: SHEET_ID, range: RANGE }, secrets: wrongKey });
    expect(refused.result.errors[0].message).toContain('Google Sheets answered HTTP 403 to GET');
    expect(refused.result.errors[0].message).toContain(': The caller does not have permission');
    expect(everythingSaid(refused)).not.toContain('AIzaSyWrongKey');
    await sheets.peer.close();
    sheets = await startSheetsPeer(RANGE, [], {
      [`PUT ${valuesPath}`]: () => googleError(401, 'Request had invalid authentication credentials.', 'UNAUTHENTICATED'),
    });
    const actor = actorFor(accountSecrets);
    const write: SaasNodeRun = {
      config: { spreadsheetId: SHEET_ID, range: RANGE, operation: 'write' },
      packets: [['data-in', [[1]]]],
      secrets: accountSecrets,
    };
    const first = await runSaasNode(actor, write);
    await runSaasNode(actor, write);
    expect(first.result.errors[0].message).toContain('HTTP 401 to PUT');
    expect(sheets.peer.requests.map((request) => request.path)).toEqual(['/token', valuesPath, '/token', valuesPath]);
  });

  it('retries a read Google answers 429 or 503, but never sends an append twice', async () => {
    sheets = await startSheetsPeer(RANGE, [['x']], {
      [`GET ${valuesPath}`]: inTurn(
        googleError(429, 'Quota exceeded', 'RESOURCE_EXHAUSTED', { 'retry-after': '1' }),
        googleError(503, 'The service is currently unavailable.', 'UNAVAILABLE'),
        { body: { range: RANGE, values: [['x']] } },
      ),
      [`POST ${valuesPath}:append`]: () => googleError(503, 'The service is currently unavailable.', 'UNAVAILABLE'),
    });
    const read = await runSaasNode(actorFor(keySecrets), { config: { spreadsheetId: SHEET_ID, range: RANGE }, secrets: keySecrets });
    expect(read.received['node.values-out']).toEqual([[['x']]]);
    const append = await runSaasNode(actorFor(accountSecrets), {
      config: { spreadsheetId: SHEET_ID, range: RANGE, operation: 'append' },
      packets: [['data-in', ['y']]],
      secrets: accountSecrets,
    });
    expect(append.result.errors[0].message).toContain('Google Sheets answered HTTP 503 to POST');
    expect(sheets.peer.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      `GET ${valuesPath}`,
      `GET ${valuesPath}`,
      `GET ${valuesPath}`,
      'POST /token',
      `POST ${valuesPath}:append`,
    ]);
  });

  it('reports a quota spent with its Retry-After once the retries are used up', async () => {
    sheets = await startSheetsPeer(RANGE, [], {
      [`GET ${valuesPath}`]: () => googleError(429, 'Quota exceeded for quota metric Read requests', 'RESOURCE_EXHAUSTED', { 'retry-after': '60' }),
    });
    const outcome = await runSaasNode(actorFor(keySecrets), { config: { spreadsheetId: SHEET_ID, range: RANGE }, secrets: keySecrets });
    expect(outcome.result.errors[0].message).toMatch(/HTTP 429 .*: Quota exceeded for quota metric Read requests \(Retry-After: 60\)$/);
    expect(sheets.peer.requests).toHaveLength(3);
  });

  it('refuses a graph before it runs when a key the operation needs is missing, naming it', async () => {
    sheets = await startSheetsPeer(RANGE);
    const bare = createGoogleSheetsActor();
    expect(validationIssues(bare, { spreadsheetId: SHEET_ID })).toEqual([
      "processes.node.metadata.config.apiKey: Node 'node': config 'apiKey': is required: set apiKey or configure the secret GOOGLE_SHEETS_API_KEY, or give a service account (clientEmail and privateKey)",
    ]);
    const keyOnly = actorFor({ ...keySecrets, GOOGLE_SHEETS_CLIENT_EMAIL: SHEETS_TEST_ACCOUNT.clientEmail });
    expect(validationIssues(keyOnly, { spreadsheetId: SHEET_ID })).toEqual([]);
    expect(validationIssues(keyOnly, { spreadsheetId: SHEET_ID, operation: 'append' })).toEqual([
      "processes.node.metadata.config.privateKey: Node 'node': config 'privateKey': is required: set privateKey or configure the secret GOOGLE_SHEETS_PRIVATE_KEY (append needs a service account: an API key can only read)",
    ]);
    expect(validationIssues(keyOnly, { spreadsheetId: SHEET_ID, tokenUrl: 'not a url' })).toEqual([
      expect.stringContaining("config 'tokenUrl': 'not a url' is not an absolute URL"),
    ]);
    expect(validationIssues(keyOnly, { range: RANGE })).toEqual([expect.stringContaining("config 'spreadsheetId'")]);
  });

  it('sends nothing, not even the assertion, to an address the egress policy refuses', async () => {
    sheets = await startSheetsPeer(RANGE);
    const outcome = await runSaasNode(actorFor(accountSecrets, { egress: new EgressPolicy({ deny: ['127.0.0.0/8'] }) }), {
      config: { spreadsheetId: SHEET_ID, range: RANGE },
      secrets: accountSecrets,
    });
    expect(outcome.result.errors[0].message).toContain('egress policy refuses');
    expect(sheets.peer.requests).toHaveLength(0);
  });

  it('aborts the read when the run is cancelled', async () => {
    sheets = await startSheetsPeer(RANGE, [], { [`GET ${valuesPath}`]: () => ({ delayMs: 5000, body: {} }) });
    const cancel = new AbortController();
    setTimeout(() => cancel.abort(), 150);
    const outcome = await runSaasNode(actorFor(keySecrets), { config: { spreadsheetId: SHEET_ID, range: RANGE }, secrets: keySecrets, signal: cancel.signal });
    expect(outcome.events.at(-1)?._type).toBe('Cancelled');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sheets.peer.aborted).toBe(1);
  });
});
