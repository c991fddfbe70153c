import { type JsonObject, type JsonValue, isJsonObject } from '../../engine';

// The keys of a CRM search body: a filter-in object with one of them is a search body, any other a map of equalities.
const SEARCH_KEYS = ['filterGroups', 'filters', 'query', 'sorts', 'after', 'limit', 'properties'];

/** The page size of a search or a listing that does not ask for one: HubSpot's most, 100 per request for listings. */
export const HUBSPOT_PAGE_SIZE = 100;

/**
 * The body of `POST /crm/v3/objects/{type}/search` from a `filter-in` packet: a search body as it is
 * (`filters` alone wrapped in one filter group), or an object of property names to values, each an `EQ`
 * filter of one group (all must hold); the configured properties are returned unless the body names some.
 * @throws Error when filter-in is neither
 */
export function hubspotSearchBody(filter: JsonValue | undefined, properties: readonly string[]): JsonObject {
  const body: JsonObject = { limit: HUBSPOT_PAGE_SIZE, ...(properties.length > 0 ? { properties: [...properties] } : {}) };
  if (filter === undefined || filter === null) return body;
  if (typeof filter === 'string') return { ...body, query: filter };
  if (!isJsonObject(filter))
    throw new Error(
      'filter-in of search must be a search body ({filterGroups, sorts, query, limit, after}), an object of property names to values, or a text to search for',
    );
  if (Object.keys(filter).some((key) => SEARCH_KEYS.includes(key))) {
    const { filters, ...rest } = filter;
    return { ...body, ...rest, ...(filters === undefined ? {} : { filterGroups: [{ filters }] }) };
  }
  const filters = Object.entries(filter).map(([propertyName, value]) => ({
    propertyName,
    operator: 'EQ',
    value: typeof value === 'string' ? value : JSON.stringify(value),
  }));
  return { ...body, filterGroups: [{ filters }] };
}
