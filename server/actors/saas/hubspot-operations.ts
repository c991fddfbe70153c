import { type FiringEffects, type JsonObject, type JsonValue, isJsonObject } from '../../engine';
import { HUBSPOT_PAGE_SIZE, hubspotSearchBody } from './hubspot-search';
import { vendorEndpoint } from './saas-settings';
import { type VendorRequest } from './vendor-request';

/** The CRM object types of the `tpl_hubspot` template. */
export const HUBSPOT_OBJECT_TYPES = ['contacts', 'companies', 'deals', 'tickets'] as const;

/** The operations of the `tpl_hubspot` template. */
export const HUBSPOT_OPERATIONS = ['get', 'create', 'update', 'search', 'batch'] as const;

/** The most inputs one CRM batch request takes. */
const HUBSPOT_BATCH_SIZE = 100;

/** What a firing works with: the node's settings and its two packets. */
export interface HubspotInput {
  readonly objectType: (typeof HUBSPOT_OBJECT_TYPES)[number];
  readonly properties: readonly string[];
  readonly associations: boolean;
  readonly data: JsonValue | undefined;
  readonly filter: JsonValue | undefined;
}

/** The calls of one firing, and whether `results-out` is one record (get by id, create, update) or a list. */
export interface HubspotPlan {
  readonly calls: Omit<VendorRequest, 'headers'>[];
  readonly single: boolean;
}

type Request = Omit<VendorRequest, 'headers'>;

/** A record id from a packet: the id itself, or `{id, idProperty?}` (idProperty names a unique property such as email). */
function recordKey(value: JsonValue | undefined): { id: string; idProperty?: string } | undefined {
  if (typeof value === 'string' || typeof value === 'number') return { id: String(value) };
  if (!isJsonObject(value) || (typeof value.id !== 'string' && typeof value.id !== 'number')) return undefined;
  return { id: String(value.id), ...(typeof value.idProperty === 'string' ? { idProperty: value.idProperty } : {}) };
}

function propertiesOf(record: JsonObject): JsonObject {
  if (isJsonObject(record.properties)) return record.properties;
  const { id: _id, idProperty: _idProperty, ...properties } = record;
  return properties;
}

function listed(properties: readonly string[]): string | undefined {
  return properties.length === 0 ? undefined : properties.join(',');
}

function getPlan(base: URL, objects: string, input: HubspotInput): HubspotPlan {
  const key = recordKey(input.filter) ?? recordKey(input.data);
  const associations = input.associations ? HUBSPOT_OBJECT_TYPES.filter((type) => type !== input.objectType).join(',') : undefined;
  const query = { properties: listed(input.properties), associations };
  if (key !== undefined) {
    const url = vendorEndpoint(base, `${objects}/${encodeURIComponent(key.id)}`, { ...query, idProperty: key.idProperty });
    return { calls: [{ method: 'GET', url, idempotent: true }], single: true };
  }
  const page = isJsonObject(input.filter) ? input.filter : {};
  const limit = typeof page.limit === 'number' ? String(page.limit) : String(HUBSPOT_PAGE_SIZE);
  const after = typeof page.after === 'string' || typeof page.after === 'number' ? String(page.after) : undefined;
  return { calls: [{ method: 'GET', url: vendorEndpoint(base, objects, { limit, after, ...query }), idempotent: true }], single: false };
}

function batchPlan(base: URL, objects: string, input: HubspotInput): HubspotPlan {
  if (!Array.isArray(input.data) || input.data.length === 0)
    throw new Error('batch needs a non-empty array on data-in: ids to read, records with an id to update, or records without one to create');
  const reads = input.data.filter((item) => !isJsonObject(item));
  if (!reads.every((id) => typeof id === 'string' || typeof id === 'number'))
    throw new Error('batch reads ids given as text or numbers; other values cannot be batched');
  const records = input.data.filter(isJsonObject);
  const groups: [string, JsonObject[], boolean][] = [
    ['create', records.filter((record) => recordKey(record) === undefined).map((record) => ({ properties: propertiesOf(record) })), false],
    [
      'update',
      records.filter((record) => recordKey(record) !== undefined).map((record) => ({ id: String(record.id), properties: propertiesOf(record) })),
      true,
    ],
    ['read', reads.map((id) => ({ id: String(id) })), true],
  ];
  const calls: Request[] = [];
  for (const [action, inputs, idempotent] of groups) {
    for (let start = 0; start < inputs.length; start += HUBSPOT_BATCH_SIZE) {
      const json: JsonObject = { inputs: inputs.slice(start, start + HUBSPOT_BATCH_SIZE) };
      if (action === 'read' && input.properties.length > 0) json.properties = [...input.properties];
      calls.push({ method: 'POST', url: vendorEndpoint(base, `${objects}/batch/${action}`), json, idempotent });
    }
  }
  return { calls, single: false };
}

/**
 * The CRM v3 calls of an operation. `get` reads the record whose id comes on filter-in (or data-in), or lists
 * a page; `create` posts data-in's properties (never sent twice); `update` patches the record data-in or
 * filter-in names; `search` posts the body {@link hubspotSearchBody} builds from filter-in; `batch` reads,
 * updates and creates the records on data-in, 100 per request.
 * @throws Error naming what the packets lack
 */
export function hubspotPlan(base: URL, operation: (typeof HUBSPOT_OPERATIONS)[number], input: HubspotInput): HubspotPlan {
  const objects = `/crm/v3/objects/${input.objectType}`;
  switch (operation) {
    case 'get':
      return getPlan(base, objects, input);
    case 'create': {
      if (!isJsonObject(input.data)) throw new Error('create needs the properties of the new record on data-in, as an object (or {properties, associations})');
      const json: JsonObject = {
        properties: propertiesOf(input.data),
        ...(Array.isArray(input.data.associations) ? { associations: input.data.associations } : {}),
      };
      return { calls: [{ method: 'POST', url: vendorEndpoint(base, objects), json, idempotent: false }], single: true };
    }
    case 'update': {
      const key = recordKey(input.data) ?? recordKey(input.filter);
      if (!isJsonObject(input.data) || key === undefined)
        throw new Error('update needs the changed properties on data-in and the record id in data-in.id or on filter-in');
      const url = vendorEndpoint(base, `${objects}/${encodeURIComponent(key.id)}`, { idProperty: key.idProperty });
      return { calls: [{ method: 'PATCH', url, json: { properties: propertiesOf(input.data) }, idempotent: true }], single: true };
    }
    case 'search':
      return {
        calls: [{ method: 'POST', url: vendorEndpoint(base, `${objects}/search`), json: hubspotSearchBody(input.filter, input.properties), idempotent: true }],
        single: false,
      };
    case 'batch':
      return batchPlan(base, objects, input);
  }
}

/**
 * The effects of a firing: get and search only read, and so does a batch of ids alone; a create, an update and a
 * batch with records write, once.
 */
export function hubspotEffects(operation: (typeof HUBSPOT_OPERATIONS)[number], data: JsonValue | undefined): Exclude<FiringEffects, 'none'> {
  if (operation === 'get' || operation === 'search') return 'repeatable';
  return operation === 'batch' && Array.isArray(data) && !data.some(isJsonObject) ? 'repeatable' : 'once';
}

/** What the calls of a firing answered, gathered: the record or the results, and the counts for `metrics-out`. */
export function hubspotResults(plan: HubspotPlan, bodies: readonly JsonValue[]): { results: JsonValue; metrics: JsonObject } {
  if (plan.single) return { results: bodies[0] ?? null, metrics: { count: bodies[0] === null ? 0 : 1 } };
  const results: JsonValue[] = [];
  const errors: JsonValue[] = [];
  const metrics: JsonObject = {};
  for (const body of bodies) {
    if (!isJsonObject(body)) continue;
    if (Array.isArray(body.results)) results.push(...body.results);
    if (Array.isArray(body.errors)) errors.push(...body.errors);
    if (typeof body.total === 'number') metrics.total = body.total;
    const next = isJsonObject(body.paging) && isJsonObject(body.paging.next) ? body.paging.next.after : undefined;
    if (typeof next === 'string') metrics.after = next;
  }
  return { results, metrics: { count: results.length, ...metrics, ...(errors.length > 0 ? { errors } : {}) } };
}
