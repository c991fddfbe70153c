import { type JsonObject, type JsonValue, isJsonObject } from '../../engine';
import { type SalesforceConnection } from './salesforce-connection';

/** The operations of the `tpl_salesforce` template. */
export const SALESFORCE_OPERATIONS = ['query', 'insert', 'update', 'delete', 'upsert'] as const;

/** The objects of the `tpl_salesforce` template. */
export const SALESFORCE_OBJECTS = ['Account', 'Contact', 'Lead', 'Opportunity', 'Case'] as const;

/** The most records one sObject Collections request takes. */
const SALESFORCE_COLLECTION_SIZE = 200;

/** What one firing does: the node's settings, its `query-in` packet and the REST API version. */
export interface SalesforceWork {
  readonly operation: (typeof SALESFORCE_OPERATIONS)[number];
  readonly object: string;
  readonly soqlQuery?: string;
  readonly externalIdField?: string;
  readonly apiVersion: string;
  readonly packet: JsonValue | undefined;
}

/** What a firing sends: the records (or per-record results) and the status. */
export interface SalesforceOutcome {
  readonly records: JsonValue[];
  readonly status: JsonObject;
}

async function query(connection: SalesforceConnection, work: SalesforceWork): Promise<SalesforceOutcome> {
  const soql = typeof work.packet === 'string' && work.packet.trim() !== '' ? work.packet : work.soqlQuery;
  if (soql === undefined || soql.trim() === '') throw new Error('query needs a SOQL query: set soqlQuery or send it as text on query-in');
  const records: JsonValue[] = [];
  let page = await connection.send({ method: 'GET', path: `/services/data/v${work.apiVersion}/query`, query: { q: soql }, idempotent: true });
  let pages = 1;
  for (;;) {
    const body = isJsonObject(page) ? page : {};
    if (Array.isArray(body.records)) records.push(...body.records);
    if (body.done !== false || typeof body.nextRecordsUrl !== 'string') {
      return {
        records,
        status: {
          operation: 'query',
          object: work.object,
          success: true,
          totalSize: typeof body.totalSize === 'number' ? body.totalSize : records.length,
          records: records.length,
          pages,
        },
      };
    }
    page = await connection.send({ method: 'GET', path: body.nextRecordsUrl, idempotent: true });
    pages += 1;
  }
}

function recordsOf(packet: JsonValue | undefined, operation: string): JsonObject[] {
  const list = Array.isArray(packet) ? packet : [packet];
  if (list.length === 0 || !list.every(isJsonObject))
    throw new Error(`${operation} needs the record on query-in: an object of field values, or an array of them`);
  return list as JsonObject[];
}

function idOf(value: JsonValue): string | undefined {
  if (typeof value === 'string') return value;
  const id = isJsonObject(value) ? (value.Id ?? value.id) : undefined;
  return typeof id === 'string' ? id : undefined;
}

// A record as the collections API takes it: its type in `attributes`, the id (update) or the fields only.
function sobject(record: JsonObject, type: string, keepId: boolean): JsonObject {
  const { Id, id, attributes: _attributes, ...fields } = record;
  const found = Id ?? id;
  return { attributes: { type }, ...(keepId && found !== undefined ? { id: found } : {}), ...fields };
}

function chunks<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += SALESFORCE_COLLECTION_SIZE) result.push(items.slice(start, start + SALESFORCE_COLLECTION_SIZE));
  return result;
}

async function dml(connection: SalesforceConnection, work: SalesforceWork): Promise<JsonValue[]> {
  const base = `/services/data/v${work.apiVersion}/composite/sobjects`;
  const results: JsonValue[] = [];
  const collect = (answer: JsonValue) => results.push(...(Array.isArray(answer) ? answer : [answer]));
  if (work.operation === 'delete') {
    const list = Array.isArray(work.packet) ? work.packet : [work.packet ?? null];
    const ids = list.map(idOf);
    if (ids.length === 0 || ids.some((id) => id === undefined)) throw new Error('delete needs record ids on query-in: an id, {Id}, or an array of them');
    for (const part of chunks(ids as string[]))
      collect(await connection.send({ method: 'DELETE', path: base, query: { ids: part.join(','), allOrNone: 'false' }, idempotent: true }));
    return results;
  }
  const records = recordsOf(work.packet, work.operation);
  if (work.operation === 'update' && records.some((record) => idOf(record) === undefined)) throw new Error('update needs the Id of every record on query-in');
  const field = work.externalIdField ?? '';
  if (work.operation === 'upsert' && records.some((record) => record[field] === undefined || record[field] === null))
    throw new Error(`upsert needs the external id field ${field} in every record on query-in`);
  const method = work.operation === 'insert' ? 'POST' : 'PATCH';
  const path = work.operation === 'upsert' ? `${base}/${encodeURIComponent(work.object)}/${encodeURIComponent(field)}` : base;
  for (const part of chunks(records)) {
    const json = { allOrNone: false, records: part.map((record) => sobject(record, work.object, work.operation === 'update')) };
    collect(await connection.send({ method, path, json, idempotent: work.operation !== 'insert' }));
  }
  return results;
}

function dmlStatus(work: SalesforceWork, results: readonly JsonValue[]): JsonObject {
  const failures = results.flatMap((result, index) => (isJsonObject(result) && result.success === false ? [{ index, errors: result.errors ?? [] }] : []));
  const ids = results.flatMap((result) => (isJsonObject(result) && result.success !== false && typeof result.id === 'string' ? [result.id] : []));
  return {
    operation: work.operation,
    object: work.object,
    success: failures.length === 0,
    total: results.length,
    succeeded: results.length - failures.length,
    failed: failures.length,
    ids,
    errors: failures,
  };
}

/**
 * Runs an operation. `query` runs the SOQL of query-in (text) or soqlQuery and follows `nextRecordsUrl` to
 * the last page. The DML operations go through the sObject Collections API, 200 records per request, with
 * `allOrNone: false`: each record succeeds or fails alone, and the per-record results are the records sent.
 * `insert` is never sent twice; update, delete and upsert (by `externalIdField`) may be retried.
 * @throws Error naming what query-in lacks; ActorError for a Salesforce error status
 */
export async function runSalesforceOperation(connection: SalesforceConnection, work: SalesforceWork): Promise<SalesforceOutcome> {
  if (work.operation === 'query') return query(connection, work);
  const results = await dml(connection, work);
  return { records: results, status: dmlStatus(work, results) };
}
