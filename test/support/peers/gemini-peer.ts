import { type PeerAnswer, type PeerRoute, type RecordedRequest, type RecordingPeer, startRecordingPeer } from './recording-peer';

/** The key the Gemini peer accepts. */
export const GEMINI_TEST_KEY = 'AIzaPeerKey0123456789abcdefghij';

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  403: 'PERMISSION_DENIED',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

/** A Google API error answer: `{error: {code, message, status}}`. */
export function geminiError(status: number, message: string, headers: Record<string, string> = {}): PeerAnswer {
  return { status, headers, body: { error: { code: status, message, status: STATUS_NAMES[status] ?? 'UNKNOWN' } } };
}

const RATINGS = [
  { category: 'HARM_CATEGORY_HARASSMENT', probability: 'NEGLIGIBLE' },
  { category: 'HARM_CATEGORY_HATE_SPEECH', probability: 'NEGLIGIBLE' },
];

/** A `generateContent` answer with one candidate whose text is `text`. */
export function geminiAnswer(text: string): PeerAnswer {
  return {
    body: {
      candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0, safetyRatings: RATINGS }],
      usageMetadata: { promptTokenCount: 9, candidatesTokenCount: 4, totalTokenCount: 13 },
      modelVersion: 'gemini-pro',
    },
  };
}

/** A `generateContent` answer to a prompt Gemini blocked: no candidate, the block reason in `promptFeedback`. */
export function geminiBlocked(reason = 'SAFETY'): PeerAnswer {
  return {
    body: {
      promptFeedback: { blockReason: reason, safetyRatings: [{ category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'HIGH' }] },
      usageMetadata: { promptTokenCount: 9, totalTokenCount: 9 },
    },
  };
}

/** Wraps a route with Google's key check: the `x-goog-api-key` header, else the 400 Google sends for a bad key. */
function withGeminiKey(route: PeerRoute, key = GEMINI_TEST_KEY): PeerRoute {
  return (request: RecordedRequest) =>
    request.headers['x-goog-api-key'] === key ? route(request) : geminiError(400, 'API key not valid. Please pass a valid API key.');
}

/** Starts a peer of the Gemini API: `POST /v1beta/models/<model>:generateContent` checks the key, then answers with `route`. */
export async function startGeminiPeer(route: PeerRoute, model = 'gemini-pro'): Promise<{ peer: RecordingPeer; baseUrl: string }> {
  const peer = await startRecordingPeer({ [`POST /v1beta/models/${model}:generateContent`]: withGeminiKey(route) });
  return { peer, baseUrl: peer.url };
}
