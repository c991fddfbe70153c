import { type PeerAnswer, type PeerRoute, type RecordedRequest, type RecordingPeer, startRecordingPeer } from './recording-peer';

/** The key the Anthropic peer accepts. */
export const ANTHROPIC_TEST_KEY = 'sk-ant-peer-0123456789abcdef';

/** An Anthropic error answer: `{type: 'error', error: {type, message}}`. */
export function anthropicError(status: number, message: string, headers: Record<string, string> = {}): PeerAnswer {
  const types: Record<number, string> = { 400: 'invalid_request_error', 401: 'authentication_error', 429: 'rate_limit_error', 529: 'overloaded_error' };
  return { status, headers: { 'request-id': 'req_peer', ...headers }, body: { type: 'error', error: { type: types[status] ?? 'api_error', message } } };
}

/** A Messages API answer with one text block. */
export function claudeMessage(text: string, options: { model?: string; stopReason?: string; inputTokens?: number; outputTokens?: number } = {}): PeerAnswer {
  return {
    body: {
      id: 'msg_peer',
      type: 'message',
      role: 'assistant',
      model: options.model ?? 'claude-3-5-sonnet-20241022',
      content: [{ type: 'text', text }],
      stop_reason: options.stopReason ?? 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: options.inputTokens ?? 21, output_tokens: options.outputTokens ?? 8 },
    },
  };
}

/** Wraps a route with Anthropic's checks: the `x-api-key` header (401 otherwise) and an `anthropic-version` (400 otherwise). */
function withAnthropicKey(route: PeerRoute, key = ANTHROPIC_TEST_KEY): PeerRoute {
  return (request: RecordedRequest) => {
    if (request.headers['x-api-key'] !== key) return anthropicError(401, 'invalid x-api-key');
    if (typeof request.headers['anthropic-version'] !== 'string') return anthropicError(400, 'anthropic-version: header is required');
    return route(request);
  };
}

/** Starts a peer of the Messages API: `POST /v1/messages` checks the key and version, then answers with `route`. */
export async function startAnthropicPeer(route: PeerRoute): Promise<{ peer: RecordingPeer; baseUrl: string }> {
  const peer = await startRecordingPeer({ 'POST /v1/messages': withAnthropicKey(route) });
  return { peer, baseUrl: peer.url };
}
