import { type JsonValue, isJsonObject } from '../../engine';
import { type EgressPolicy, type RetryPolicy, fetchWithRetry } from '../../outbound-http';
import { decodeBody } from '../network/decode-body';
import { API_CALL_TIMEOUT_MS } from '../network/network-actor-options';
import { type CallFrame, failedAnswer } from './vendor-failure';

/** A search a tool runs: the query in, the text the model is told out. */
export type ServiceSearch = (query: string) => Promise<string>;

/** Where a search service is and how it is called. */
export interface SearchService extends CallFrame {
  readonly baseUrl: string;
  readonly egress: EgressPolicy;
  readonly policy: RetryPolicy;
}

/** The results a search tool hands the model at most. */
const MAX_RESULTS = 5;

async function getJson(service: SearchService, url: URL): Promise<JsonValue> {
  const response = await fetchWithRetry(
    { url, method: 'GET', headers: new Headers({ accept: 'application/json' }) },
    {
      timeoutMs: Math.min(service.timeoutMs, API_CALL_TIMEOUT_MS),
      followRedirects: true,
      signal: service.signal,
      policy: service.policy,
      egress: service.egress,
    },
  );
  if (response.status >= 400) throw failedAnswer(service, response);
  return decodeBody(response.body, response.headers.get('content-type'));
}

function list(value: JsonValue | undefined): JsonValue[] {
  return Array.isArray(value) ? value : [];
}

function text(value: JsonValue | undefined): string {
  return typeof value === 'string' ? value.replace(/<[^>]*>/g, '') : '';
}

/** Web search through SerpAPI's Google engine (`GET /search.json`): the answer box when there is one, then the top results. */
export function serpApiSearch(service: SearchService): ServiceSearch {
  return async (query) => {
    const url = new URL(`${service.baseUrl}/search.json`);
    url.search = new URLSearchParams({ engine: 'google', q: query, num: String(MAX_RESULTS), api_key: service.apiKey ?? '' }).toString();
    const answer = await getJson(service, url);
    if (!isJsonObject(answer)) return 'No results.';
    const box = isJsonObject(answer.answer_box) ? text(answer.answer_box.answer) || text(answer.answer_box.snippet) : '';
    const results = list(answer.organic_results)
      .slice(0, MAX_RESULTS)
      .flatMap((item) => (isJsonObject(item) ? [`${text(item.title)} (${text(item.link)}): ${text(item.snippet)}`] : []));
    if (box === '' && results.length === 0) return 'No results.';
    return [...(box === '' ? [] : [`Answer: ${box}`]), ...results].join('\n');
  };
}

/** Article search through the MediaWiki API of Wikipedia (`GET /api.php?action=query&list=search`): titles and snippets. */
export function wikipediaSearch(service: SearchService): ServiceSearch {
  return async (query) => {
    const url = new URL(`${service.baseUrl}/api.php`);
    url.search = new URLSearchParams({ action: 'query', list: 'search', srsearch: query, srlimit: String(MAX_RESULTS), format: 'json', utf8: '1' }).toString();
    const answer = await getJson(service, url);
    const found = isJsonObject(answer) && isJsonObject(answer.query) ? list(answer.query.search) : [];
    const results = found.flatMap((item) => (isJsonObject(item) ? [`${text(item.title)}: ${text(item.snippet)}`] : []));
    return results.length === 0 ? 'No articles found.' : results.join('\n');
  };
}
