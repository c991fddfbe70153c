import { type PeerAnswer, type PeerRoute, type RecordedRequest, type RecordingPeer, startRecordingPeer } from './recording-peer';

/** The token the Replicate peer accepts. */
export const REPLICATE_TEST_TOKEN = 'r8_peerToken0123456789abcdef';

/** The id of the one prediction the peer runs. */
export const PREDICTION_ID = 'peerpred0001';

/** The model the peer serves, as `owner/name`. */
export const REPLICATE_MODEL = 'stability-ai/sdxl';

/** How the peer's prediction goes. */
export interface PredictionScript {
  /** Polls answered `processing` before the final status. @default 2 */
  pollsBeforeEnd?: number;
  /** The final status; `never` keeps it processing. @default 'succeeded' */
  end?: 'succeeded' | 'failed' | 'canceled' | 'never';
  output?: unknown;
  error?: string;
  /** Answers the creation request instead of creating the prediction (an error answer). */
  create?: PeerRoute;
}

/** A Replicate error answer: `{title, detail, status}` as the API sends problems. */
export function replicateError(status: number, detail: string, headers: Record<string, string> = {}): PeerAnswer {
  return { status, headers, body: { title: status === 401 ? 'Unauthenticated' : 'Error', detail, status } };
}

function withToken(route: PeerRoute): PeerRoute {
  return (request: RecordedRequest) =>
    request.headers.authorization === `Bearer ${REPLICATE_TEST_TOKEN}` ? route(request) : replicateError(401, 'You did not pass a valid authentication token');
}

/**
 * Starts a peer of the predictions API under `/v1`: a prediction is created (by version or by model), is
 * `starting`, then `processing` for `pollsBeforeEnd` polls, then ends as scripted; a cancel ends it `canceled`.
 */
export async function startReplicatePeer(script: PredictionScript = {}): Promise<{ peer: RecordingPeer; baseUrl: string }> {
  const prediction: Record<string, unknown> = {
    id: PREDICTION_ID,
    model: REPLICATE_MODEL,
    version: null,
    status: 'starting',
    output: null,
    error: null,
    created_at: '2026-01-05T10:00:00.000Z',
    started_at: null,
    completed_at: null,
    metrics: {},
  };
  let polls = 0;
  const create: PeerRoute = (request) => {
    if (script.create !== undefined) return script.create(request);
    const body = request.json as { version?: string; input?: unknown } | undefined;
    if (body?.input === undefined) return replicateError(422, 'input is required');
    Object.assign(prediction, { version: body.version ?? 'latest-version-id', input: body.input });
    return {
      status: 201,
      body: { ...prediction, urls: { get: `${peerUrl}/v1/predictions/${PREDICTION_ID}`, cancel: `${peerUrl}/v1/predictions/${PREDICTION_ID}/cancel` } },
    };
  };
  const poll: PeerRoute = () => {
    polls += 1;
    if (prediction.status === 'starting' || prediction.status === 'processing') {
      const ending = script.end !== 'never' && polls > (script.pollsBeforeEnd ?? 2);
      const end = script.end === undefined || script.end === 'never' ? 'succeeded' : script.end;
      Object.assign(
        prediction,
        ending
          ? {
              status: end,
              output: script.output ?? null,
              error: script.error ?? null,
              started_at: '2026-01-05T10:00:01.000Z',
              completed_at: '2026-01-05T10:00:03.000Z',
              metrics: { predict_time: 2.1 },
            }
          : { status: 'processing', started_at: '2026-01-05T10:00:01.000Z' },
      );
    }
    return { body: prediction };
  };
  const cancel: PeerRoute = () => {
    Object.assign(prediction, { status: 'canceled', completed_at: '2026-01-05T10:00:02.000Z' });
    return { body: prediction };
  };
  const [owner, name] = REPLICATE_MODEL.split('/');
  const peer = await startRecordingPeer({
    'POST /v1/predictions': withToken(create),
    [`POST /v1/models/${owner}/${name}/predictions`]: withToken(create),
    [`GET /v1/predictions/${PREDICTION_ID}`]: withToken(poll),
    [`POST /v1/predictions/${PREDICTION_ID}/cancel`]: withToken(cancel),
  });
  const peerUrl = peer.url;
  return { peer, baseUrl: `${peer.url}/v1` };
}
