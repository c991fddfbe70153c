import { type PeerAnswer, type PeerRoute, type RecordedRequest, type RecordingPeer, startRecordingPeer } from './recording-peer';

/** The access token the LinkedIn peer accepts. */
export const LINKEDIN_TOKEN = 'AQVpeerLinkedinToken0123456789abcdefghij';

/** The member the token belongs to: the `sub` of `/v2/userinfo`. */
export const LINKEDIN_MEMBER = 'peerMember42';

/** The URN of every share the peer creates. */
export const LINKEDIN_SHARE = 'urn:li:share:7260000000000000001';

/** A LinkedIn error answer: `{serviceErrorCode, message, status}`. */
export function linkedinError(status: number, message: string, headers: Record<string, string> = {}): PeerAnswer {
  return { status, headers, body: { serviceErrorCode: status === 401 ? 65600 : 100, message, status } };
}

function authorized(route: PeerRoute): PeerRoute {
  return (request: RecordedRequest) =>
    request.headers.authorization === `Bearer ${LINKEDIN_TOKEN}` ? route(request) : linkedinError(401, 'Invalid access token');
}

/**
 * Starts a LinkedIn peer: `GET /v2/userinfo` (the member of the token), `POST /v2/ugcPosts` (201 with the
 * share URN in `X-RestLi-Id`; 422 without the Rest.li 2.0 protocol header) and `GET /v2/socialActions/{urn}`,
 * each answering 401 to another token. `overrides` replace routes, keyed `'METHOD /path'`.
 */
export function startLinkedinPeer(overrides: Record<string, PeerRoute> = {}): Promise<RecordingPeer> {
  return startRecordingPeer({
    'GET /v2/userinfo': authorized(() => ({ body: { sub: LINKEDIN_MEMBER, name: 'Peer Member' } })),
    'POST /v2/ugcPosts': authorized(({ headers }) =>
      headers['x-restli-protocol-version'] === '2.0.0'
        ? { status: 201, headers: { 'x-restli-id': LINKEDIN_SHARE }, body: { id: LINKEDIN_SHARE } }
        : linkedinError(422, 'Rest.li protocol version 2.0.0 required'),
    ),
    [`GET /v2/socialActions/${encodeURIComponent(LINKEDIN_SHARE)}`]: authorized(() => ({
      body: {
        likesSummary: { totalLikes: 3, likedByCurrentUser: false },
        commentsSummary: { aggregatedTotalComments: 1, totalFirstLevelComments: 1 },
        target: LINKEDIN_SHARE,
      },
    })),
    ...Object.fromEntries(Object.entries(overrides).map(([key, route]) => [key, authorized(route)])),
  });
}
