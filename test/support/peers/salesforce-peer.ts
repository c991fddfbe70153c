import { type PeerAnswer, type PeerRoute, type RecordedRequest, type RecordingPeer, startRecordingPeer } from './recording-peer';

/** The connected app and user the Salesforce peer lets log in. */
export const SALESFORCE_TEST_ACCOUNT = {
  SALESFORCE_CLIENT_ID: '3MVG9peerConsumerKey',
  SALESFORCE_CLIENT_SECRET: 'peer-consumer-secret-5551212',
  SALESFORCE_USERNAME: 'integration@peer.example.test',
  SALESFORCE_PASSWORD: 'hunter2-peer-passwordSecurityToken',
} as const;

/** The REST API version the peer serves. */
const SALESFORCE_TEST_VERSION = '60.0';

const data = `/services/data/v${SALESFORCE_TEST_VERSION}`;
const collections = `${data}/composite/sobjects`;

/** The accounts the peer's query answers, over two pages. */
const SALESFORCE_ACCOUNTS = [
  { attributes: { type: 'Account', url: `${data}/sobjects/Account/001A` }, Id: '001A', Name: 'Acme' },
  { attributes: { type: 'Account', url: `${data}/sobjects/Account/001B` }, Id: '001B', Name: 'Globex' },
  { attributes: { type: 'Account', url: `${data}/sobjects/Account/001C` }, Id: '001C', Name: 'Initech' },
];

/** A REST error answer as Salesforce sends it: a list of `{message, errorCode}`. */
export function salesforceError(status: number, errorCode: string, message: string, headers: Record<string, string> = {}): PeerAnswer {
  return { status, headers, body: [{ message, errorCode, fields: [] }] };
}

type Sobject = Record<string, unknown> & { attributes?: { type?: string } };

function result(id: string, created?: boolean): Record<string, unknown> {
  return { id, success: true, errors: [], ...(created === undefined ? {} : { created }) };
}

function failure(statusCode: string, message: string, fields: string[] = []): Record<string, unknown> {
  return { success: false, errors: [{ statusCode, message, fields }] };
}

/** A started Salesforce peer: it logs in, serves one instance (itself) and can expire every session it issued. */
export interface SalesforcePeer {
  readonly peer: RecordingPeer;
  /** Makes every issued session invalid, as a timeout or a revocation does. */
  expireSessions(): void;
  /** The access tokens issued so far, in order. */
  readonly issued: string[];
}

/**
 * Starts a Salesforce peer: the OAuth username-password grant at `/services/oauth2/token` (answering its
 * own address as `instance_url`), SOQL queries answered over two pages, and the sObject Collections API for
 * insert (an Account without Name fails alone), update, delete and upsert by `External_Id__c` (`EXT-1`
 * exists). `overrides` replace routes.
 */
export async function startSalesforcePeer(overrides: Record<string, PeerRoute> = {}): Promise<SalesforcePeer> {
  const issued: string[] = [];
  const valid = new Set<string>();
  let nextId = 1;
  let url = '';
  const authorized = (route: (request: RecordedRequest) => PeerAnswer): PeerRoute => {
    return (request) => {
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      return token !== undefined && valid.has(token) ? route(request) : salesforceError(401, 'INVALID_SESSION_ID', 'Session expired or invalid');
    };
  };
  const records = (request: RecordedRequest) => (request.json as { records: Sobject[] }).records;
  const peer = await startRecordingPeer({
    'POST /services/oauth2/token': ({ text, headers }) => {
      const form = Object.fromEntries(new URLSearchParams(text));
      const expected = SALESFORCE_TEST_ACCOUNT;
      const matches =
        headers['content-type'] === 'application/x-www-form-urlencoded' &&
        form.grant_type === 'password' &&
        form.client_id === expected.SALESFORCE_CLIENT_ID &&
        form.client_secret === expected.SALESFORCE_CLIENT_SECRET &&
        form.username === expected.SALESFORCE_USERNAME &&
        form.password === expected.SALESFORCE_PASSWORD;
      if (!matches) return { status: 400, body: { error: 'invalid_grant', error_description: 'authentication failure' } };
      const token = `00DPEER!session-${issued.length + 1}`;
      issued.push(token);
      valid.add(token);
      return {
        body: {
          access_token: token,
          instance_url: url,
          id: `${url}/id/00DPEER/005PEER`,
          token_type: 'Bearer',
          issued_at: '1700000000000',
          signature: 'c2lnbmF0dXJl',
        },
      };
    },
    [`GET ${data}/query`]: authorized(({ query }) => {
      const soql = query.get('q') ?? '';
      const from = /\bFROM\s+(\w+)/i.exec(soql)?.[1];
      if (from !== 'Account') return salesforceError(400, 'INVALID_TYPE', `sObject type '${from ?? ''}' is not supported.`);
      return { body: { totalSize: 3, done: false, nextRecordsUrl: `${data}/query/01gPEER-2`, records: SALESFORCE_ACCOUNTS.slice(0, 2) } };
    }),
    [`GET ${data}/query/01gPEER-2`]: authorized(() => ({ body: { totalSize: 3, done: true, records: SALESFORCE_ACCOUNTS.slice(2) } })),
    [`POST ${collections}`]: authorized((request) => ({
      body: records(request).map((record) =>
        record.attributes?.type === 'Account' && record.Name === undefined
          ? failure('REQUIRED_FIELD_MISSING', 'Required fields are missing: [Name]', ['Name'])
          : result(`001NEW${nextId++}`),
      ),
    })),
    [`PATCH ${collections}`]: authorized((request) => ({
      body: records(request).map((record) =>
        typeof record.id === 'string' ? result(record.id) : failure('MISSING_ARGUMENT', 'Id not specified in an update call'),
      ),
    })),
    [`DELETE ${collections}`]: authorized(({ query }) => ({
      body: (query.get('ids') ?? '')
        .split(',')
        .map((id) => (id.startsWith('001') ? result(id) : failure('INVALID_CROSS_REFERENCE_KEY', 'invalid cross reference id'))),
    })),
    [`PATCH ${collections}/Account/External_Id__c`]: authorized((request) => ({
      body: records(request).map((record) => (record.External_Id__c === 'EXT-1' ? result('001A', false) : result(`001NEW${nextId++}`, true))),
    })),
    ...overrides,
  });
  url = peer.url;
  return { peer, issued, expireSessions: () => valid.clear() };
}
