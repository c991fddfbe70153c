import { type PeerRoute, type RecordedRequest, type RecordingPeer, startRecordingPeer } from './recording-peer';

/** The key the SerpAPI peer accepts. */
export const SERPAPI_TEST_KEY = 'serp-peer-0123456789abcdef';

/** SerpAPI's Google results for any query: an answer box and two organic results naming the query. */
const serpApiResults: PeerRoute = (request: RecordedRequest) => ({
  body: {
    search_metadata: { status: 'Success' },
    answer_box: { answer: `About ${request.query.get('q')}` },
    organic_results: [
      { position: 1, title: 'First hit', link: 'https://example.org/1', snippet: 'The <b>first</b> snippet' },
      { position: 2, title: 'Second hit', link: 'https://example.org/2', snippet: 'The second snippet' },
    ],
  },
});

/** Starts a SerpAPI peer: `GET /search.json` checks the `api_key` query parameter (401 as SerpAPI otherwise), then answers with `route`. */
export async function startSerpApiPeer(route: PeerRoute = serpApiResults): Promise<{ peer: RecordingPeer; baseUrl: string }> {
  const peer = await startRecordingPeer({
    'GET /search.json': (request) =>
      request.query.get('api_key') === SERPAPI_TEST_KEY
        ? route(request)
        : { status: 401, body: { error: 'Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key' } },
  });
  return { peer, baseUrl: peer.url };
}
