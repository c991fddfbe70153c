import { type Document, type Filter, type WriteConcernSettings } from 'mongodb';
import { z } from 'zod';
import { ActorError, type ActorContext, type JsonValue, defineActor, errorMessage, isJsonObject } from '../../engine';
import { booleanSetting, choiceSetting, driverRowToJson, driverValueToJson, jsonObjectSetting, numberSetting, requiredText } from '../shared';
import { MONGO_CLIENT, type MongoHandle } from './mongo-pool-actor';

/** The `pool-id` port of the collection nodes: the handle a MongoDB node sends, kept for every later packet. */
const POOL_PORT = {
  type: 'string',
  description: 'The client handle a MongoDB node sends; kept for every later packet.',
  required: true,
  control: true,
} as const;

/** The run's MongoDB client named by a `pool-id` packet. */
function mongoOf(resources: ActorContext<unknown, string, string, unknown>['resources'], handle: JsonValue | undefined): MongoHandle {
  const found = typeof handle === 'string' ? resources.get(MONGO_CLIENT, handle) : undefined;
  if (found === undefined)
    throw new Error(`pool-id ${JSON.stringify(handle ?? null)} is no MongoDB client of this run: connect the pool-id port of a MongoDB node`);
  return found;
}

/** A MongoDB error as an actor error: the server's message, its code and code name as details. */
function mongoError(error: unknown): ActorError {
  if (error instanceof ActorError) return error;
  const { code, codeName } = error as { code?: unknown; codeName?: unknown };
  return new ActorError(errorMessage(error), {
    ...(typeof code === 'number' || typeof code === 'string' ? { code } : {}),
    ...(typeof codeName === 'string' ? { codeName } : {}),
  });
}

/** Whether an aggregation pipeline writes its result to a collection (a `$out` or `$merge` stage). */
function pipelineWrites(pipeline: JsonValue | undefined): boolean {
  return Array.isArray(pipeline) && pipeline.some((stage) => isJsonObject(stage) && (Object.hasOwn(stage, '$out') || Object.hasOwn(stage, '$merge')));
}

/** The Get Collection properties. */
const MongoGetConfigSchema = z.object({
  collection: requiredText('The collection'),
  operation: choiceSetting(
    'find: the documents matching query-in; findOne: the first one; aggregate: the pipeline on query-in',
    ['find', 'findOne', 'aggregate'],
    'find',
  ),
  limit: numberSetting('Documents sent at most', z.number().int().min(1).max(100_000).default(100)),
  sort: jsonObjectSetting('The order as JSON, such as {"createdAt": -1}'),
  projection: jsonObjectSetting('The fields to return as JSON, such as {"name": 1, "_id": 0}'),
});

/**
 * The `tpl_mongo_get_collection` actor: find, findOne or aggregate on a collection, once per `query-in` packet
 * (a filter object, or a pipeline array for aggregate) or once when nothing feeds it. The documents, as JSON
 * (ObjectIds as hex text, dates as ISO text), go to `docs-out` and their number to `count-out`.
 */
export const mongoGetCollectionActor = defineActor({
  id: 'tpl_mongo_get_collection',
  title: 'Get Collection',
  description: 'Reads documents of a MongoDB collection with find, findOne or aggregate.',
  inports: { 'pool-id': POOL_PORT, 'query-in': { type: 'all', description: 'The filter (find, findOne) or the pipeline (aggregate).' } },
  outports: {
    'docs-out': { type: 'all', description: 'The documents: an array (findOne: the document or null).' },
    'count-out': { type: 'int', description: 'How many documents were sent.' },
  },
  config: MongoGetConfigSchema,
  effects: (config, inputs) => (config.operation === 'aggregate' && pipelineWrites(inputs['query-in']) ? 'once' : 'repeatable'),
  fire: async ({ config, inputs, resources, send }) => {
    const { client, database } = mongoOf(resources, inputs['pool-id']);
    const collection = client.db(database).collection(config.collection);
    const query = inputs['query-in'];
    let docs: Document[];
    try {
      if (config.operation === 'aggregate') {
        if (query !== undefined && query !== null && !Array.isArray(query)) throw new Error('aggregate needs a pipeline (an array of stages) on query-in');
        const stages = [
          ...((query ?? []) as Document[]),
          ...(config.sort === undefined ? [] : [{ $sort: config.sort }]),
          ...(config.projection === undefined ? [] : [{ $project: config.projection }]),
        ];
        docs = await collection.aggregate(stages).limit(config.limit).toArray();
      } else {
        if (query !== undefined && query !== null && !isJsonObject(query)) throw new Error(`${config.operation} needs a filter object on query-in`);
        const cursor = collection.find((query ?? {}) as Filter<Document>, { projection: config.projection, sort: config.sort as Document | undefined });
        docs = await cursor.limit(config.operation === 'findOne' ? 1 : config.limit).toArray();
      }
    } catch (error) {
      throw mongoError(error);
    }
    const json = docs.map(driverRowToJson);
    await send('docs-out', config.operation === 'findOne' ? (json[0] ?? null) : json);
    await send('count-out', json.length);
  },
});

/** The Write Collection operations. */
const WRITE_OPERATIONS = ['insertOne', 'insertMany', 'updateOne', 'updateMany', 'upsertOne', 'replaceOne', 'deleteOne', 'deleteMany'] as const;

/** The Write Collection properties. */
const MongoWriteConfigSchema = z.object({
  collection: requiredText('The collection'),
  operation: choiceSetting(
    'The write; updates take data-in as the update ($set when it has no operators) and filter-in as the filter',
    WRITE_OPERATIONS,
    'insertOne',
  ),
  upsert: booleanSetting('updateOne, updateMany and replaceOne insert a document when none matches', false),
  ordered: booleanSetting('insertMany stops at the first failing document', true),
  returnDocument: choiceSetting('updateOne, upsertOne and replaceOne send the document as it was before or after the write', ['before', 'after'], 'after'),
  writeConcern: choiceSetting('majority: acknowledged by most members; 1: by the primary; 0: not acknowledged', ['majority', '1', '0'], 'majority'),
});

// An update document with no operator ($set, $inc, ...) is a set of its fields.
function updateOf(data: JsonValue | undefined): Document {
  if (!isJsonObject(data)) throw new Error('An update needs an object on data-in');
  return Object.keys(data).some((key) => key.startsWith('$')) ? data : { $set: data };
}

/**
 * The `tpl_mongo_write_collection` actor: one write per `data-in` packet (or per `filter-in` packet for the
 * deletes). What the driver answered goes to `result-out` (inserted ids, counts, the document for the
 * single-document updates) and `{ok, operation, collection}` to `status-out`; a refused write fails the
 * firing with the server's code.
 */
export const mongoWriteCollectionActor = defineActor({
  id: 'tpl_mongo_write_collection',
  title: 'Write Collection',
  description: 'Inserts, updates, replaces or deletes documents of a MongoDB collection.',
  inports: {
    'pool-id': POOL_PORT,
    'data-in': { type: 'all', description: 'The document (insertOne, replaceOne), the documents (insertMany) or the update.' },
    'filter-in': { type: 'object', description: 'The filter of updates, replaces and deletes; kept for later packets.', sticky: true },
  },
  outports: {
    'result-out': { type: 'object', description: 'What the write did, as the driver answered it.' },
    'status-out': { type: 'object', description: '{ok, operation, collection}.' },
  },
  config: MongoWriteConfigSchema,
  effects: 'once',
  fire: async ({ config, inputs, resources, send, isConnected }) => {
    const data = inputs['data-in'];
    const deletes = config.operation === 'deleteOne' || config.operation === 'deleteMany';
    // A filter that arrives before the data of an update only waits for it (filter-in keeps it).
    if (!deletes && data === undefined && isConnected('data-in')) return;
    const { client, database } = mongoOf(resources, inputs['pool-id']);
    const writeConcern: WriteConcernSettings = { w: config.writeConcern === 'majority' ? 'majority' : Number(config.writeConcern) };
    const collection = client.db(database).collection(config.collection, { writeConcern });
    const filterPacket = inputs['filter-in'];
    const inserts = config.operation === 'insertOne' || config.operation === 'insertMany';
    // No default filter: an unfed filter-in would otherwise update or delete every document.
    if (!inserts && filterPacket === undefined) throw new Error(`${config.operation} needs a filter on filter-in ({} matches every document)`);
    if (!inserts && !isJsonObject(filterPacket)) throw new Error('filter-in must be an object');
    const filter = (filterPacket ?? {}) as Filter<Document>;
    const returnDocument = config.returnDocument;
    let result: unknown;
    try {
      switch (config.operation) {
        case 'insertOne':
          if (!isJsonObject(data)) throw new Error('insertOne needs a document (an object) on data-in');
          result = await collection.insertOne({ ...data });
          break;
        case 'insertMany':
          if (!Array.isArray(data) || !data.every(isJsonObject)) throw new Error('insertMany needs an array of documents on data-in');
          result = await collection.insertMany(
            data.map((doc) => ({ ...doc })),
            { ordered: config.ordered },
          );
          break;
        case 'updateOne':
        case 'upsertOne':
          result = await collection.findOneAndUpdate(filter, updateOf(data), {
            upsert: config.upsert || config.operation === 'upsertOne',
            returnDocument,
            includeResultMetadata: false,
          });
          break;
        case 'updateMany':
          result = await collection.updateMany(filter, updateOf(data), { upsert: config.upsert });
          break;
        case 'replaceOne':
          if (!isJsonObject(data)) throw new Error('replaceOne needs the new document (an object) on data-in');
          result = await collection.findOneAndReplace(filter, { ...data }, { upsert: config.upsert, returnDocument, includeResultMetadata: false });
          break;
        case 'deleteOne':
          result = await collection.deleteOne(filter);
          break;
        case 'deleteMany':
          result = await collection.deleteMany(filter);
      }
    } catch (error) {
      throw mongoError(error);
    }
    await send('result-out', driverValueToJson(result));
    await send('status-out', { ok: true, operation: config.operation, collection: config.collection });
  },
});
