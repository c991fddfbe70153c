import { createOpenRouterActor } from '../../server/actors';
import { answersInTurn } from '../support/peers/answers-in-turn';
import { OPENAI_TEST_KEY, chatAnswer, chatStreamAnswer, openAiError, startOpenAiPeer } from '../support/peers/openai-peer';
import { type RecordingPeer } from '../support/peers/recording-peer';
import { FAST_RETRIES, everythingSaid, failure, runAiNode, validationIssues } from './run-ai-node';

const secrets = { OPENROUTER_API_KEY: OPENAI_TEST_KEY };
const actor = createOpenRouterActor({ secret: (name) => (secrets as Record<string, string>)[name], policy: FAST_RETRIES });

let peer: RecordingPeer;
let baseUrl: string;
afterEach(() => peer?.close());

describe('tpl_openrouter', () => {
  it("sends the provider's model id through the OpenAI-compatible API and emits the text, the usage and the cost", async () => {
    ({ peer, baseUrl } = await startOpenAiPeer(
      () => chatAnswer('Bonjour', { prompt_tokens: 7, completion_tokens: 2, total_tokens: 9, cost: 0.00042 }, 'anthropic/claude-3-haiku'),
      '/api/v1',
    ));
    const outcome = await runAiNode(actor, {
      config: { baseUrl, provider: 'anthropic', model: 'claude-3-haiku', maxTokens: 50 },
      packets: [
        ['context-in', 'The user speaks French.'],
        ['prompt-in', { prompt: 'Say hello' }],
      ],
      secrets,
    });
    expect(outcome.result.errors).toEqual([]);
    const [sent] = peer.requests;
    expect({ path: sent.path, auth: sent.headers.authorization, title: sent.headers['x-title'] }).toEqual({
      path: '/api/v1/chat/completions',
      auth: `Bearer ${OPENAI_TEST_KEY}`,
      title: 'workflow-execution-service',
    });
    expect(sent.json).toEqual({
      model: 'anthropic/claude-3-haiku',
      messages: [
        { role: 'system', content: 'Context:\nThe user speaks French.' },
        { role: 'user', content: 'Say hello' },
      ],
      max_tokens: 50,
      temperature: 0.7,
      usage: { include: true },
      stream: false,
    });
    expect(outcome.received['node.response-out']).toEqual(['Bonjour']);
    expect(outcome.received['node.usage-out']).toEqual([
      { model: 'anthropic/claude-3-haiku', promptTokens: 7, completionTokens: 2, totalTokens: 9, cost: 0.00042 },
    ]);
  });

  it('streams: each piece is an event as it arrives, the whole text goes to response-out and the usage comes from the last chunk', async () => {
    ({ peer, baseUrl } = await startOpenAiPeer(
      () => chatStreamAnswer(['The ', 'answer ', 'is 42.'], { prompt_tokens: 4, completion_tokens: 6, total_tokens: 10, cost: 0.0001 }),
      '/api/v1',
    ));
    const outcome = await runAiNode(actor, { config: { baseUrl, stream: true }, packets: [['prompt-in', 'What is the answer?']], secrets });
    expect(outcome.result.errors).toEqual([]);
    expect(peer.requests[0].json).toMatchObject({ model: 'openai/gpt-4-turbo', stream: true, stream_options: { include_usage: true } });
    const chunks = outcome.events.filter((event) => event._type === 'StreamChunk');
    expect(chunks.map((event) => event._type === 'StreamChunk' && [event.actorId, event.port, event.index, event.data])).toEqual([
      ['node', 'response-out', 0, 'The '],
      ['node', 'response-out', 1, 'answer '],
      ['node', 'response-out', 2, 'is 42.'],
    ]);
    expect(outcome.received['node.response-out']).toEqual(['The answer is 42.']);
    expect(outcome.received['node.usage-out']).toEqual([{ model: 'openai/gpt-4-turbo', promptTokens: 4, completionTokens: 6, totalTokens: 10, cost: 0.0001 }]);
    expect(everythingSaid(outcome)).not.toContain(OPENAI_TEST_KEY);
  });

  it('retries a 429 that comes before the stream starts, then streams', async () => {
    ({ peer, baseUrl } = await startOpenAiPeer(
      answersInTurn([openAiError(429, 'Rate limited', { 'retry-after': '0' })], () => chatStreamAnswer(['ok'])),
      '/api/v1',
    ));
    const outcome = await runAiNode(actor, { config: { baseUrl, stream: true }, packets: [['prompt-in', 'Hi']], secrets });
    expect(outcome.received['node.response-out']).toEqual(['ok']);
    expect(peer.requests).toHaveLength(2);
  });

  it('fails a streamed call with the message of an error the stream carries', async () => {
    const broken = {
      chunks: [
        'data: {"id":"gen-peer","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":"Half"},"finish_reason":null}]}\n\n',
        'data: {"error":{"message":"Provider returned error","code":502}}\n\n',
      ],
    };
    ({ peer, baseUrl } = await startOpenAiPeer(() => broken, '/api/v1'));
    const outcome = await runAiNode(actor, { config: { baseUrl, stream: true }, packets: [['prompt-in', 'Hi']], secrets });
    expect(failure(outcome)).toMatch(/Provider returned error/);
    expect(outcome.events.filter((event) => event._type === 'StreamChunk').map((event) => event._type === 'StreamChunk' && event.data)).toEqual(['Half']);
    expect(peer.requests).toHaveLength(1);
  });

  it("refuses a model that is not the chosen provider's before the run, unless a model id replaces it", () => {
    expect(validationIssues(actor, { provider: 'google', model: 'gpt-4' })).toEqual([
      expect.stringContaining("config 'model': gpt-4 is a model of openai, not of google"),
    ]);
    expect(validationIssues(actor, { provider: 'google', model: 'gpt-4', modelId: 'google/gemini-2.0-flash' })).toEqual([]);
    expect(validationIssues(createOpenRouterActor({ secret: () => undefined }), {})).toEqual([
      expect.stringContaining("config 'apiKey': is required: set apiKey or configure the secret OPENROUTER_API_KEY"),
    ]);
  });
});
