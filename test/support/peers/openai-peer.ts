import { type PeerAnswer, type PeerRoute, type RecordedRequest, type RecordingPeer, startRecordingPeer } from './recording-peer';

/** The key the OpenAI peer accepts (and OpenRouter's, which speaks the same protocol). */
export const OPENAI_TEST_KEY = 'sk-peer-openai-0123456789abcdef';

/** Token counts of a peer answer. */
export interface PeerUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  cost?: number;
}

/** The usage every answer reports unless a test gives another. */
const PEER_USAGE: PeerUsage = { prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 };

/** An OpenAI error answer: `{error: {message, type, code}}` with the status and headers given. */
export function openAiError(status: number, message: string, headers: Record<string, string> = {}): PeerAnswer {
  const type = status === 401 ? 'invalid_request_error' : status === 429 ? 'rate_limit_exceeded' : 'server_error';
  return { status, headers, body: { error: { message, type, param: null, code: status === 401 ? 'invalid_api_key' : null } } };
}

function completion(message: Record<string, unknown>, finishReason: string, usage: PeerUsage, model: string): PeerAnswer {
  return {
    body: {
      id: 'chatcmpl-peer',
      object: 'chat.completion',
      created: 1_700_000_000,
      model,
      choices: [{ index: 0, message, finish_reason: finishReason, logprobs: null }],
      usage,
    },
  };
}

/** A chat completion that answers `text`. */
export function chatAnswer(text: string, usage: PeerUsage = PEER_USAGE, model = 'gpt-4-0613'): PeerAnswer {
  return completion({ role: 'assistant', content: text, refusal: null }, 'stop', usage, model);
}

/** A chat completion that calls tools instead of answering. */
export function toolCallAnswer(calls: readonly { name: string; arguments: Record<string, unknown> }[], usage: PeerUsage = PEER_USAGE): PeerAnswer {
  const toolCalls = calls.map((call, i) => ({
    id: `call_${i + 1}_${call.name}`,
    type: 'function',
    function: { name: call.name, arguments: JSON.stringify(call.arguments) },
  }));
  return completion({ role: 'assistant', content: null, tool_calls: toolCalls, refusal: null }, 'tool_calls', usage, 'gpt-4o-mini');
}

/** A streamed chat completion: one server-sent event per piece, then one with the usage, then `[DONE]`. */
export function chatStreamAnswer(pieces: readonly string[], usage: PeerUsage = PEER_USAGE, model = 'openai/gpt-4-turbo'): PeerAnswer {
  const event = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;
  const chunk = (delta: Record<string, unknown>, finish: string | null) => ({
    id: 'gen-peer',
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  return {
    chunks: [
      event(chunk({ role: 'assistant', content: '' }, null)),
      ...pieces.map((piece) => event(chunk({ content: piece }, null))),
      event(chunk({}, 'stop')),
      event({ id: 'gen-peer', object: 'chat.completion.chunk', created: 1_700_000_000, model, choices: [], usage }),
      'data: [DONE]\n\n',
    ],
  };
}

/** Wraps a route with OpenAI's key check: a request without `Authorization: Bearer <key>` gets the 401 OpenAI sends. */
function withOpenAiKey(route: PeerRoute, key = OPENAI_TEST_KEY): PeerRoute {
  return (request: RecordedRequest) =>
    request.headers.authorization === `Bearer ${key}`
      ? route(request)
      : openAiError(401, 'Incorrect API key provided: sk-pe****. You can find your API key at https://platform.openai.com/account/api-keys.');
}

/**
 * Starts a peer of the chat completions API under `prefix` (`/v1` as OpenAI, `/api/v1` as OpenRouter):
 * `POST <prefix>/chat/completions` checks the key, then answers with `route`. `baseUrl` is what the SDK is given.
 */
export async function startOpenAiPeer(route: PeerRoute, prefix = '/v1'): Promise<{ peer: RecordingPeer; baseUrl: string }> {
  const peer = await startRecordingPeer({ [`POST ${prefix}/chat/completions`]: withOpenAiKey(route) });
  return { peer, baseUrl: `${peer.url}${prefix}` };
}
