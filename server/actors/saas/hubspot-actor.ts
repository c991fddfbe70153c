import { z } from 'zod';
import { type JsonValue, defineActor } from '../../engine';
import { type NamedSecretLookup, booleanSetting, choiceSetting, optionalText, requireCredential } from '../shared';
import { HUBSPOT_OBJECT_TYPES, HUBSPOT_OPERATIONS, hubspotEffects, hubspotPlan, hubspotResults } from './hubspot-operations';
import { hubspotRateLimit } from './hubspot-rate-limit';
import { type SaasActorOptions } from './saas-actor-options';
import { attemptTimeout, credentialSetting, firingCredential, timeoutSetting, vendorBaseUrl, vendorUrlSetting } from './saas-settings';
import { bodyText, textField, vendorFailure } from './vendor-failure';
import { type VendorReply, sendVendorRequest } from './vendor-request';

/** HubSpot's public API, used when neither the node nor the server names another. */
const HUBSPOT_PUBLIC_API = 'https://api.hubapi.com';

const KEY_SECRETS = ['HUBSPOT_API_KEY'];

/** The `tpl_hubspot` properties, plus the keys of our own: `apiKey`, `baseUrl` and `timeout`. */
function hubspotConfigSchema(secret?: NamedSecretLookup) {
  return z
    .object({
      objectType: choiceSetting('The CRM object type', HUBSPOT_OBJECT_TYPES, 'contacts'),
      operation: choiceSetting(
        'get (one record by id, or a page), create (never retried), update, search, or batch (read, update and create many)',
        HUBSPOT_OPERATIONS,
        'get',
      ),
      properties: optionalText('The properties to return, separated by commas or lines; unset, HubSpot returns its default ones'),
      associations: booleanSetting('Whether get returns the ids of the associated records of the other object types', false),
      apiKey: credentialSetting('The access token of a HubSpot private app (sent as a Bearer token)', 'HUBSPOT_API_KEY'),
      baseUrl: vendorUrlSetting(`The API root; when unset, the server's saas_endpoints.hubspot, else ${HUBSPOT_PUBLIC_API}`),
      timeout: timeoutSetting(),
    })
    .superRefine(requireCredential('apiKey', KEY_SECRETS, secret));
}

function propertyNames(text: string | undefined): string[] {
  return (text ?? '').split(/[\s,]+/).filter((name) => name !== '');
}

/**
 * Builds the `tpl_hubspot` actor: CRM v3 calls for the configured object type and operation per `data-in`
 * packet (or per `filter-in` packet when only that port is fed; once at start when none is), the records on
 * `results-out` and `{operation, objectType, count, total?, after?, errors?, calls, status, rateLimit?,
 * durationMs}` on `metrics-out`. A HubSpot error fails the firing with HubSpot's message.
 */
export function createHubspotActor(options: SaasActorOptions = {}) {
  return defineActor({
    id: 'tpl_hubspot',
    title: 'HubSpot',
    description: 'Gets, creates, updates, searches or batch-processes HubSpot CRM records through the CRM v3 API.',
    inports: {
      'data-in': {
        type: 'all',
        description: 'The record to create or update (its properties, with id for an update), or the array of a batch; each packet makes one call.',
      },
      'filter-in': {
        type: 'all',
        description:
          'The record id of get or update, a search body or an object of property values to match, or {limit, after} of a listing; kept for later packets.',
        control: true,
      },
    },
    outports: {
      'results-out': { type: 'all', description: 'The record of get by id, create or update; the records of a listing, search or batch.' },
      'metrics-out': {
        type: 'object',
        description: 'What the call did: {operation, objectType, count, total?, after?, errors?, calls, status, rateLimit?, durationMs}.',
      },
    },
    config: hubspotConfigSchema(options.secret),
    effects: (config, inputs) => hubspotEffects(config.operation, inputs['data-in']),
    fire: async ({ config, inputs, signal, send, secret }) => {
      const started = performance.now();
      const token = firingCredential(config.apiKey, 'apiKey', KEY_SECRETS, secret);
      const context = { signal, timeoutMs: attemptTimeout(config.timeout, options.maxTimeoutMs), options };
      const base = vendorBaseUrl(config.baseUrl, options.baseUrl, HUBSPOT_PUBLIC_API);
      const input = {
        objectType: config.objectType,
        properties: propertyNames(config.properties),
        associations: config.associations,
        data: inputs['data-in'],
        filter: inputs['filter-in'],
      };
      const plan = hubspotPlan(base, config.operation, input);
      const bodies: JsonValue[] = [];
      let last: VendorReply | undefined;
      for (const call of plan.calls) {
        last = await sendVendorRequest({ ...call, headers: { authorization: `Bearer ${token}` } }, context);
        if (last.status >= 400) {
          const category = textField(last.body, 'category');
          throw vendorFailure('HubSpot', call, last, textField(last.body, 'message') ?? bodyText(last.body), category === undefined ? {} : { code: category });
        }
        bodies.push(last.body);
      }
      const { results, metrics } = hubspotResults(plan, bodies);
      const rateLimit = last === undefined ? undefined : hubspotRateLimit(last.headers);
      await send('results-out', results);
      await send('metrics-out', {
        operation: config.operation,
        objectType: config.objectType,
        ...metrics,
        calls: plan.calls.length,
        status: last?.status ?? null,
        ...(rateLimit === undefined ? {} : { rateLimit }),
        durationMs: Math.round(performance.now() - started),
      });
    },
  });
}

/** The `tpl_hubspot` actor without server options; the server's catalogue builds its own with `createHubspotActor`. */
export const hubspotActor = createHubspotActor();
