import { type PeerAnswer, type PeerRoute, type RecordedRequest, type RecordingPeer, startRecordingPeer } from './recording-peer';

/** The Page the Graph peer serves, its token, and the Graph API version in its paths. */
export const FACEBOOK_PAGE = { id: '104000000000001', token: 'EAApeerPageToken0123456789abcdefghij', version: 'v21.0' } as const;

/** The id of every post the peer creates: `{page}_{post}`, as the Graph API writes it. */
export const FACEBOOK_POST_ID = `${FACEBOOK_PAGE.id}_900000000000001`;

/** A Graph API error answer: `{error: {message, type, code, fbtrace_id}}`. */
export function graphError(status: number, message: string, code: number, headers: Record<string, string> = {}): PeerAnswer {
  return { status, headers, body: { error: { message, type: code === 190 ? 'OAuthException' : 'GraphMethodException', code, fbtrace_id: 'AbCdEfPeer' } } };
}

function authorized(route: PeerRoute): PeerRoute {
  return (request: RecordedRequest) =>
    request.headers.authorization === `Bearer ${FACEBOOK_PAGE.token}`
      ? route(request)
      : graphError(400, 'Invalid OAuth access token - Cannot parse access token', 190);
}

/**
 * Starts a Graph API peer for {@link FACEBOOK_PAGE}: `POST /{page}/feed` and `POST /{page}/photos` (a scheduled
 * post needs `scheduled_publish_time` with `published: false`, as on Facebook), and `GET /{post}/insights`
 * with the requested metrics, each answering OAuthException 190 to another token. `overrides` replace routes.
 */
export function startFacebookPeer(overrides: Record<string, PeerRoute> = {}): Promise<RecordingPeer> {
  const base = `/${FACEBOOK_PAGE.version}`;
  const scheduledRight = (json: unknown): boolean => {
    const post = json as { published?: boolean; scheduled_publish_time?: number };
    return post.published !== false || typeof post.scheduled_publish_time === 'number';
  };
  return startRecordingPeer({
    [`POST ${base}/${FACEBOOK_PAGE.id}/feed`]: authorized(({ json }) =>
      scheduledRight(json) ? { body: { id: FACEBOOK_POST_ID } } : graphError(400, '(#100) Unpublished posts must be scheduled', 100),
    ),
    [`POST ${base}/${FACEBOOK_PAGE.id}/photos`]: authorized(({ json }) =>
      scheduledRight(json)
        ? { body: { id: '900000000000777', post_id: FACEBOOK_POST_ID } }
        : graphError(400, '(#100) Unpublished posts must be scheduled', 100),
    ),
    [`GET ${base}/${FACEBOOK_POST_ID}/insights`]: authorized(({ query }) => ({
      body: {
        data: (query.get('metric') ?? '')
          .split(',')
          .map((name, i) => ({ name, period: 'lifetime', values: [{ value: 10 * (i + 1) }], id: `${FACEBOOK_POST_ID}/insights/${name}/lifetime` })),
      },
    })),
    ...Object.fromEntries(Object.entries(overrides).map(([key, route]) => [key, authorized(route)])),
  });
}
