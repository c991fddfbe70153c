import { createLangchainAgentActor } from '../../server/actors';
import { answersInTurn } from '../support/peers/answers-in-turn';
import { OPENAI_TEST_KEY, chatAnswer, startOpenAiPeer, toolCallAnswer } from '../support/peers/openai-peer';
import { type RecordedRequest, type RecordingPeer } from '../support/peers/recording-peer';
import { SERPAPI_TEST_KEY, startSerpApiPeer } from '../support/peers/serpapi-peer';
import { startWikipediaPeer } from '../support/peers/wikipedia-peer';
import { FAST_RETRIES, everythingSaid, failure, runAiNode, validationIssues } from './run-ai-node';

const secrets: Record<string, string> = { OPENAI_API_KEY: OPENAI_TEST_KEY };
const onlyOpenAi = createLangchainAgentActor({ secret: (name) => secrets[name], policy: FAST_RETRIES });

const peers: RecordingPeer[] = [];
afterEach(async () => {
  await Promise.all(peers.splice(0).map((peer) => peer.close()));
});

async function openAiPeer(...answers: Parameters<typeof answersInTurn>[0]) {
  const started = await startOpenAiPeer(answersInTurn(answers.slice(0, -1), () => answers[answers.length - 1]));
  peers.push(started.peer);
  return started;
}

type Message = { role: string; content: string | null; tool_call_id?: string; tool_calls?: { function: { name: string } }[] };
const messagesOf = (request: RecordedRequest) => (request.json as { messages: Message[] }).messages;

describe('tpl_langchain_agent', () => {
  it('loops over several tool calls of the calculator, handing each result back, until the model answers', async () => {
    const { peer, baseUrl } = await openAiPeer(
      toolCallAnswer([{ name: 'calculator', arguments: { expression: '12 * (3 + 4)' } }]),
      toolCallAnswer([
        { name: 'calculator', arguments: { expression: '84 / 2' } },
        { name: 'calculator', arguments: { expression: '1 +' } },
      ]),
      chatAnswer('The result is 42.'),
    );
    const outcome = await runAiNode(onlyOpenAi, {
      config: { baseUrl, enabledTools: ['calculator'] },
      packets: [['query-in', 'What is 12 * (3 + 4), halved?']],
      secrets,
    });
    expect(outcome.result.errors).toEqual([]);
    expect(peer.requests).toHaveLength(3);
    const first = peer.requests[0].json as { model: string; tools: { function: { name: string } }[]; tool_choice: string };
    expect({ model: first.model, tools: first.tools.map((tool) => tool.function.name), choice: first.tool_choice }).toEqual({
      model: 'gpt-4o-mini',
      tools: ['calculator'],
      choice: 'auto',
    });
    expect(peer.requests[0].headers.authorization).toBe(`Bearer ${OPENAI_TEST_KEY}`);
    expect(messagesOf(peer.requests[1]).slice(-1)).toEqual([{ role: 'tool', tool_call_id: 'call_1_calculator', content: '84' }]);
    const third = messagesOf(peer.requests[2]);
    expect(third.filter((message) => message.role === 'tool').map((message) => message.content)).toEqual(['84', '42', expect.stringMatching(/^Error: /)]);
    expect(third.filter((message) => message.role === 'assistant').map((message) => message.tool_calls?.length)).toEqual([1, 2]);
    expect(outcome.received['node.steps-out']).toEqual([
      [
        { iteration: 1, tool: 'calculator', input: { expression: '12 * (3 + 4)' }, output: '84' },
        { iteration: 2, tool: 'calculator', input: { expression: '84 / 2' }, output: '42' },
        { iteration: 2, tool: 'calculator', input: { expression: '1 +' }, output: expect.stringMatching(/^Error: /) },
      ],
    ]);
    expect(outcome.received['node.result-out']).toEqual([
      { output: 'The result is 42.', iterations: 3, usage: { model: 'gpt-4o-mini', promptTokens: 36, completionTokens: 15, totalTokens: 51 } },
    ]);
    expect(everythingSaid(outcome)).not.toContain(OPENAI_TEST_KEY);
  });

  it('stops at maxIterations model calls and fails with the steps it made, which it still sends', async () => {
    const { peer, baseUrl } = await openAiPeer(toolCallAnswer([{ name: 'calculator', arguments: { expression: '2 + 2' } }]));
    const outcome = await runAiNode(onlyOpenAi, {
      config: { baseUrl, enabledTools: ['calculator'], maxIterations: 2 },
      packets: [['query-in', 'Loop forever']],
      secrets,
    });
    expect(failure(outcome)).toBe('The agent had no answer after maxIterations (2) model calls');
    expect(peer.requests).toHaveLength(2);
    const steps = outcome.events.flatMap((event) => (event._type === 'MessageSent' && event.fromPort === 'steps-out' ? [event.message] : []));
    expect(steps).toEqual([[expect.objectContaining({ iteration: 1, output: '4' }), expect.objectContaining({ iteration: 2, output: '4' })]]);
  });

  it('searches the web through SerpAPI and Wikipedia through the MediaWiki API when the model calls them', async () => {
    const serp = await startSerpApiPeer();
    const wiki = await startWikipediaPeer();
    peers.push(serp.peer, wiki.peer);
    const { peer, baseUrl } = await openAiPeer(
      toolCallAnswer([
        { name: 'search', arguments: { query: 'first programmer' } },
        { name: 'wikipedia', arguments: { query: 'Ada Lovelace' } },
      ]),
      chatAnswer('Ada Lovelace.'),
    );
    const withSearch: Record<string, string> = { ...secrets, SERPAPI_API_KEY: SERPAPI_TEST_KEY };
    const agent = createLangchainAgentActor({
      secret: (name) => withSearch[name],
      policy: FAST_RETRIES,
      endpoints: { serpapi: serp.baseUrl, wikipedia: wiki.baseUrl },
    });
    const outcome = await runAiNode(agent, {
      config: { baseUrl, enabledTools: ['search', 'wikipedia'] },
      packets: [['query-in', { query: 'Who was the first programmer?' }]],
      secrets: withSearch,
    });
    expect(outcome.result.errors).toEqual([]);
    expect(Object.fromEntries(serp.peer.requests[0].query)).toEqual({ engine: 'google', q: 'first programmer', num: '5', api_key: SERPAPI_TEST_KEY });
    expect(Object.fromEntries(wiki.peer.requests[0].query)).toMatchObject({ action: 'query', list: 'search', srsearch: 'Ada Lovelace', format: 'json' });
    expect(
      messagesOf(peer.requests[1])
        .filter((message) => message.role === 'tool')
        .map((message) => message.content),
    ).toEqual([
      'Answer: About first programmer\nFirst hit (https://example.org/1): The first snippet\nSecond hit (https://example.org/2): The second snippet',
      'Ada Lovelace: Ada Lovelace wrote the first program\nAnalytical Engine: A proposed mechanical computer',
    ]);
    expect(outcome.received['node.result-out']).toEqual([expect.objectContaining({ output: 'Ada Lovelace.', iterations: 2 })]);
    expect(everythingSaid(outcome)).not.toContain(SERPAPI_TEST_KEY);
  });

  it('keeps earlier queries and answers in the conversation with memory, and forgets them without it', async () => {
    for (const memory of [true, false]) {
      const { peer, baseUrl } = await openAiPeer(chatAnswer('First answer'), chatAnswer('Second answer'));
      const outcome = await runAiNode(onlyOpenAi, {
        config: { baseUrl, enabledTools: ['calculator'], memory, agentType: 'conversational' },
        packets: [
          ['query-in', 'One'],
          ['query-in', 'Two'],
        ],
        secrets,
      });
      expect(outcome.received['node.result-out']?.map((result) => (result as { output: string }).output)).toEqual(['First answer', 'Second answer']);
      const turns = messagesOf(peer.requests[1])
        .filter((message) => message.role !== 'system')
        .map((message) => message.content);
      expect(turns).toEqual(memory ? ['One', 'First answer', 'Two'] : ['Two']);
      expect(messagesOf(peer.requests[1])[0].content).toContain('You are talking with the user');
    }
  });

  it('offers only the tools of a tools-in packet, and fails on a tool it cannot offer', async () => {
    const { peer, baseUrl } = await openAiPeer(chatAnswer('fine'));
    const restricted = await runAiNode(onlyOpenAi, {
      config: { baseUrl, enabledTools: ['calculator'] },
      packets: [
        ['tools-in', 'wikipedia'],
        ['query-in', 'Hi'],
      ],
      secrets,
    });
    expect(restricted.result.errors).toEqual([]);
    expect((peer.requests[0].json as { tools: { function: { name: string } }[] }).tools.map((tool) => tool.function.name)).toEqual(['wikipedia']);
    const refused = await runAiNode(onlyOpenAi, {
      config: { baseUrl, enabledTools: ['calculator'] },
      packets: [
        ['tools-in', ['calculator', 'search']],
        ['query-in', 'Hi'],
      ],
      secrets,
    });
    expect(failure(refused)).toBe(
      'tools-in: the search tool needs a SerpAPI key: searchApiKey is required: set searchApiKey or configure the secret SERPAPI_API_KEY',
    );
    expect(peer.requests).toHaveLength(1);
  });

  it('refuses, before the run, tools that need a service this server does not have, and a missing key', () => {
    expect(validationIssues(onlyOpenAi, { enabledTools: ['calculator', 'weather'] })).toEqual([
      expect.stringContaining("config 'enabledTools': the weather tool needs a weather service, which this server does not connect to"),
    ]);
    expect(validationIssues(onlyOpenAi, {})).toEqual([
      expect.stringContaining("config 'enabledTools': the search tool needs a SerpAPI key: searchApiKey is required"),
    ]);
    expect(validationIssues(onlyOpenAi, { enabledTools: 'calculator, wikipedia', maxIterations: 21 })).toEqual([
      expect.stringContaining("config 'maxIterations'"),
    ]);
    expect(validationIssues(createLangchainAgentActor({ secret: () => undefined }), { enabledTools: ['calculator'] })).toEqual([
      expect.stringContaining("config 'apiKey': is required: set apiKey or configure the secret OPENAI_API_KEY"),
    ]);
  });
});
