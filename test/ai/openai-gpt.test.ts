import { createOpenAiGptActor } from '../../server/actors';
import { EgressPolicy } from '../../server/outbound-http';
import { answersInTurn } from '../support/peers/answers-in-turn';
import { OPENAI_TEST_KEY, chatAnswer, openAiError, startOpenAiPeer } from '../support/peers/openai-peer';
import { type RecordingPeer } from '../support/peers/recording-peer';
import { FAST_RETRIES, everythingSaid, failure, runAiNode, validationIssues } from './run-ai-node';

const secrets = { OPENAI_API_KEY: OPENAI_TEST_KEY };
const known = (name: string): string | undefined => (secrets as Record<string, string>)[name];

let peer: RecordingPeer;
let baseUrl: string;
afterEach(() => peer?.close());

function actor(options: Parameters<typeof createOpenAiGptActor>[0] = {}) {
  return createOpenAiGptActor({ secret: known, policy: FAST_RETRIES, ...options });
}

describe('tpl_openai_gpt', () => {
  it('sends the prompt, system prompt and context as a chat completion with the key, and emits the text and the token usage', async () => {
    ({ peer, baseUrl } = await startOpenAiPeer(() => chatAnswer('Paris is the capital of France.')));
    const outcome = await runAiNode(actor(), {
      config: { baseUrl, systemPrompt: 'Answer in one sentence.', maxTokens: 200, temperature: 0.2 },
      packets: [
        ['context-in', { text: 'Geography quiz' }],
        ['prompt-in', 'What is the capital of France?'],
      ],
      secrets,
    });
    expect(outcome.result.errors).toEqual([]);
    const [sent] = peer.requests;
    expect({ method: sent.method, path: sent.path, auth: sent.headers.authorization, type: sent.headers['content-type'] }).toEqual({
      method: 'POST',
      path: '/v1/chat/completions',
      auth: `Bearer ${OPENAI_TEST_KEY}`,
      type: 'application/json',
    });
    expect(sent.json).toEqual({
      model: 'gpt-4',
      messages: [
        { role: 'system', content: 'Answer in one sentence.\n\nContext:\nGeography quiz' },
        { role: 'user', content: 'What is the capital of France?' },
      ],
      max_tokens: 200,
      temperature: 0.2,
      top_p: 1,
      stream: false,
    });
    expect(outcome.received['node.response-out']).toEqual(['Paris is the capital of France.']);
    expect(outcome.received['node.usage-out']).toEqual([{ model: 'gpt-4-0613', promptTokens: 12, completionTokens: 5, totalTokens: 17 }]);
    expect(everythingSaid(outcome)).not.toContain(OPENAI_TEST_KEY);
  });

  it('takes the key from a ${secret:NAME} reference, the base URL from the server-wide endpoints and a model id that replaces the choice', async () => {
    ({ peer, baseUrl } = await startOpenAiPeer(() => chatAnswer('ok')));
    const team = { TEAM_OPENAI_KEY: OPENAI_TEST_KEY };
    const outcome = await runAiNode(createOpenAiGptActor({ secret: (name) => (team as Record<string, string>)[name], endpoints: { openai: `${baseUrl}/` } }), {
      config: { apiKey: '${secret:TEAM_OPENAI_KEY}', modelId: 'gpt-4o' },
      packets: [
        [
          'prompt-in',
          [
            { role: 'system', content: 'Be brief.' },
            { role: 'user', content: 'Hi' },
            { role: 'assistant', content: 'Hello!' },
            { role: 'user', content: 'Bye' },
          ],
        ],
      ],
      secrets: team,
    });
    expect(outcome.received['node.response-out']).toEqual(['ok']);
    expect(peer.requests[0].headers.authorization).toBe(`Bearer ${OPENAI_TEST_KEY}`);
    expect(peer.requests[0].json).toMatchObject({
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello!' },
        { role: 'user', content: 'Bye' },
      ],
    });
    expect(everythingSaid(outcome)).not.toContain(OPENAI_TEST_KEY);
  });

  it('is refused before the run when no key is configured, naming the setting and the secret', async () => {
    expect(validationIssues(createOpenAiGptActor({ secret: () => undefined }), {})).toEqual([
      "processes.node.metadata.config.apiKey: Node 'node': config 'apiKey': is required: set apiKey or configure the secret OPENAI_API_KEY",
    ]);
    expect(validationIssues(createOpenAiGptActor({ secret: () => undefined }), { apiKey: '${secret:NOPE}' })).toEqual([
      "processes.node.metadata.config.apiKey: Node 'node': config 'apiKey': refers to the secret NOPE, which is not configured",
    ]);
    expect(validationIssues(actor(), { baseUrl: 'ftp://models.example' })).toEqual([
      expect.stringContaining("config 'baseUrl': 'ftp:' URLs are not supported"),
    ]);
    expect(validationIssues(actor(), {})).toEqual([]);
  });

  it("fails with OpenAI's message on a 401, without retrying it and without the key in any message", async () => {
    ({ peer, baseUrl } = await startOpenAiPeer(() => chatAnswer('never')));
    const wrongKey = 'sk-wrong-0123456789abcdef';
    const outcome = await runAiNode(actor(), { config: { baseUrl, apiKey: wrongKey }, packets: [['prompt-in', 'Hi']], secrets });
    expect(failure(outcome)).toMatch(/^OpenAI answered HTTP 401: Incorrect API key provided/);
    expect(peer.requests).toHaveLength(1);
    expect(peer.requests[0].headers.authorization).toBe(`Bearer ${wrongKey}`);
    expect(everythingSaid(outcome)).not.toContain(wrongKey);
  });

  it('waits as long as a 429 asks with Retry-After, then sends the answer', async () => {
    ({ peer, baseUrl } = await startOpenAiPeer(
      answersInTurn([openAiError(429, 'Rate limit reached for gpt-4', { 'retry-after': '1' })], () => chatAnswer('after the wait')),
    ));
    const started = Date.now();
    const outcome = await runAiNode(actor(), { config: { baseUrl }, packets: [['prompt-in', 'Hi']], secrets });
    expect(outcome.received['node.response-out']).toEqual(['after the wait']);
    expect(peer.requests).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('gives up on 5xx answers after the three attempts of the policy, with the last message', async () => {
    ({ peer, baseUrl } = await startOpenAiPeer(() => openAiError(503, 'The engine is currently overloaded')));
    const outcome = await runAiNode(actor(), { config: { baseUrl }, packets: [['prompt-in', 'Hi']], secrets });
    expect(failure(outcome)).toBe('OpenAI answered HTTP 503: The engine is currently overloaded');
    expect(peer.requests).toHaveLength(3);
  });

  it("aborts the request at the node's timeout and when the run is cancelled", async () => {
    ({ peer, baseUrl } = await startOpenAiPeer(() => ({ ...chatAnswer('too late'), delayMs: 3000 })));
    const timedOut = await runAiNode(actor(), { config: { baseUrl, timeout: 200 }, packets: [['prompt-in', 'Hi']], secrets });
    expect(failure(timedOut)).toBe("The OpenAI call did not finish within 200 ms (the node's timeout)");
    const cancel = new AbortController();
    setTimeout(() => cancel.abort(), 200);
    const cancelled = await runAiNode(actor(), { config: { baseUrl }, packets: [['prompt-in', 'Hi']], secrets, signal: cancel.signal });
    expect(cancelled.events.at(-1)?._type).toBe('Cancelled');
    expect(cancelled.received['node.response-out']).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(peer.requests).toHaveLength(2);
    expect(peer.aborted).toBe(2);
  });

  it('sends nothing where the egress policy refuses, and says so', async () => {
    ({ peer, baseUrl } = await startOpenAiPeer(() => chatAnswer('never')));
    const outcome = await runAiNode(actor({ egress: new EgressPolicy({ deny: ['127.0.0.0/8'] }) }), {
      config: { baseUrl },
      packets: [['prompt-in', 'Hi']],
      secrets,
    });
    expect(failure(outcome)).toMatch(/^OpenAI could not be reached: .*egress policy refuses 127\.0\.0\.1/);
    expect(peer.requests).toHaveLength(0);
  });
});
