import { type PeerRoute, type RecordedRequest, type RecordingPeer, startRecordingPeer } from './recording-peer';

/** The MediaWiki search answer for any query: two articles whose snippets carry the search-match markup. */
const wikipediaResults: PeerRoute = (request: RecordedRequest) => ({
  body: {
    batchcomplete: '',
    query: {
      searchinfo: { totalhits: 2 },
      search: [
        { ns: 0, title: 'Ada Lovelace', pageid: 974, snippet: `<span class="searchmatch">${request.query.get('srsearch')}</span> wrote the first program` },
        { ns: 0, title: 'Analytical Engine', pageid: 1271, snippet: 'A proposed mechanical computer' },
      ],
    },
  },
});

/** Starts a peer of Wikipedia's MediaWiki API under `/w`: `GET /w/api.php` answers with `route`; `baseUrl` is what the node is given. */
export async function startWikipediaPeer(route: PeerRoute = wikipediaResults): Promise<{ peer: RecordingPeer; baseUrl: string }> {
  const peer = await startRecordingPeer({ 'GET /w/api.php': route });
  return { peer, baseUrl: `${peer.url}/w` };
}
