import { z } from 'zod';
import { defineActor } from '../../engine';
import { type NamedSecretLookup, choiceSetting, optionalText, requireCredential, textSetting } from '../shared';
import { SALESFORCE_OBJECTS, SALESFORCE_OPERATIONS, runSalesforceOperation } from './salesforce-operations';
import { SALESFORCE_PUBLIC_LOGIN, SalesforceConnection, type SalesforceSessionCache } from './salesforce-connection';
import { type SaasActorOptions } from './saas-actor-options';
import { attemptTimeout, credentialSetting, firingCredential, timeoutSetting, vendorBaseUrl, vendorUrlSetting } from './saas-settings';

/** The named secrets of a Salesforce node, by the key that may replace each. */
const SECRETS = {
  clientId: 'SALESFORCE_CLIENT_ID',
  clientSecret: 'SALESFORCE_CLIENT_SECRET',
  username: 'SALESFORCE_USERNAME',
  password: 'SALESFORCE_PASSWORD',
} as const;

/** The REST API version of nodes that set none. */
const SALESFORCE_API_VERSION = '60.0';

/** The `tpl_salesforce` properties, plus the keys of our own: the four credentials, `loginUrl`, `apiVersion` and `timeout`. */
function salesforceConfigSchema(secret?: NamedSecretLookup) {
  return z
    .object({
      operation: choiceSetting('query (SOQL), or insert (never retried), update, delete or upsert of the records on query-in', SALESFORCE_OPERATIONS, 'query'),
      object: choiceSetting('The sObject the DML operations write', SALESFORCE_OBJECTS, 'Account'),
      soqlQuery: optionalText('The SOQL query, such as SELECT Id, Name FROM Account; text on query-in replaces it'),
      externalIdField: optionalText('The external id field upsert matches records by, such as External_Id__c'),
      clientId: credentialSetting('The consumer key of the connected app', SECRETS.clientId),
      clientSecret: credentialSetting('The consumer secret of the connected app', SECRETS.clientSecret),
      username: credentialSetting('The Salesforce user name', SECRETS.username),
      password: credentialSetting("The user's password, followed by its security token when the org asks for one", SECRETS.password),
      loginUrl: vendorUrlSetting(
        `Where the node logs in (https://test.salesforce.com for a sandbox, or a My Domain); when unset, the server's saas_endpoints.salesforce, else ${SALESFORCE_PUBLIC_LOGIN}`,
      ),
      apiVersion: textSetting(
        'The REST API version, such as 60.0',
        z
          .string()
          .regex(/^\d+\.\d$/, 'must be a version such as 60.0')
          .default(SALESFORCE_API_VERSION),
      ),
      timeout: timeoutSetting(),
    })
    .superRefine((config, ctx) => {
      for (const [key, name] of Object.entries(SECRETS)) requireCredential(key as keyof typeof SECRETS, [name], secret)(config, ctx);
      if (config.operation === 'upsert' && config.externalIdField === undefined) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ['externalIdField'],
          message: 'is required for upsert: name the external id field records are matched by',
        });
      }
    });
}

/**
 * Builds the `tpl_salesforce` actor: it logs in with OAuth (username-password flow; the session is kept for
 * later firings and renewed when refused), then runs a SOQL query or DML through the REST API per `query-in`
 * packet (once at start when nothing feeds it): records or per-record results on `records-out`, a summary on
 * `status-out`. A Salesforce error fails the firing with Salesforce's `errorCode: message`.
 */
export function createSalesforceActor(options: SaasActorOptions = {}) {
  const sessions: SalesforceSessionCache = new Map();
  return defineActor({
    id: 'tpl_salesforce',
    title: 'Salesforce',
    description: 'Runs a SOQL query, or inserts, updates, deletes or upserts records, through the Salesforce REST API.',
    inports: {
      'query-in': { type: 'all', description: 'The SOQL text of a query, or the record(s) of a DML operation (ids for delete); each packet runs once.' },
    },
    outports: {
      'records-out': {
        type: 'array',
        description: 'The records of a query (every page), or the per-record results {id, success, errors, created?} of a DML operation.',
      },
      'status-out': {
        type: 'object',
        description:
          'A summary: {operation, object, success, totalSize, records, pages} of a query; {operation, object, success, total, succeeded, failed, ids, errors} of DML.',
      },
    },
    config: salesforceConfigSchema(options.secret),
    effects: (config) => (config.operation === 'query' ? 'repeatable' : 'once'),
    fire: async ({ config, inputs, signal, send, secret }) => {
      const account = {
        clientId: firingCredential(config.clientId, 'clientId', [SECRETS.clientId], secret),
        clientSecret: firingCredential(config.clientSecret, 'clientSecret', [SECRETS.clientSecret], secret),
        username: firingCredential(config.username, 'username', [SECRETS.username], secret),
        password: firingCredential(config.password, 'password', [SECRETS.password], secret),
      };
      const loginUrl = vendorBaseUrl(config.loginUrl, options.baseUrl, SALESFORCE_PUBLIC_LOGIN, 'loginUrl');
      const connection = new SalesforceConnection(account, loginUrl, sessions, {
        signal,
        timeoutMs: attemptTimeout(config.timeout, options.maxTimeoutMs),
        options,
      });
      const outcome = await runSalesforceOperation(connection, { ...config, packet: inputs['query-in'] });
      await send('records-out', outcome.records);
      await send('status-out', outcome.status);
    },
  });
}

/** The `tpl_salesforce` actor without server options; the server's catalogue builds its own with `createSalesforceActor`. */
export const salesforceActor = createSalesforceActor();
