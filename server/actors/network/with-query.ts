import { type JsonObject, type JsonValue } from '../../engine';

function queryText(value: JsonValue): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/**
 * A copy of `url` with each key of `data` in its query: a key already in the URL is replaced, an array
 * becomes the key repeated, an object is sent as JSON text and a null is left out.
 * @example withQuery(new URL('http://h/o?status=open'), { page: 2, tag: ['a', 'b'] }).search === '?status=open&page=2&tag=a&tag=b'
 */
export function withQuery(url: URL, data: JsonObject): URL {
  const result = new URL(url);
  for (const [key, value] of Object.entries(data)) {
    result.searchParams.delete(key);
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) if (item !== null) result.searchParams.append(key, queryText(item));
  }
  return result;
}
