import { type PeerAnswer, type PeerRoute, type RecordedRequest, type RecordingPeer, startRecordingPeer } from './recording-peer';

/** The token the Hugging Face peer accepts. */
export const HUGGINGFACE_TEST_KEY = 'hf_peerToken0123456789abcdef';

/** An Inference API error answer: `{error}` (and whatever else the API adds, such as `estimated_time`). */
function hfError(status: number, message: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}): PeerAnswer {
  return { status, headers, body: { error: message, ...extra } };
}

/** The 503 the Inference API answers while a model is loading and the caller did not ask to wait. */
export function hfLoading(model: string, estimatedSeconds = 20): PeerAnswer {
  return hfError(503, `Model ${model} is currently loading`, { estimated_time: estimatedSeconds });
}

/** A PNG of one pixel, as text-to-image answers an image. */
export const ONE_PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Wraps a route with the Inference API's checks: the bearer token (401 otherwise) and a JSON body with `inputs` (400 otherwise). */
function withHuggingFaceKey(route: PeerRoute, key = HUGGINGFACE_TEST_KEY): PeerRoute {
  return (request: RecordedRequest) => {
    if (request.headers.authorization !== `Bearer ${key}`) return hfError(401, 'Invalid credentials in Authorization header');
    const body = request.json as { inputs?: unknown } | undefined;
    if (body?.inputs === undefined) return hfError(400, 'Input should be a valid dictionary with an inputs field');
    return route(request);
  };
}

/** Starts a peer of the Inference API for one model: `POST /hf-inference/models/<model>` checks the token, then answers with `route`. */
export async function startHuggingFacePeer(model: string, route: PeerRoute): Promise<{ peer: RecordingPeer; baseUrl: string }> {
  const peer = await startRecordingPeer({ [`POST /hf-inference/models/${model}`]: withHuggingFaceKey(route) });
  return { peer, baseUrl: `${peer.url}/hf-inference` };
}
