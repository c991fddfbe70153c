import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { camelConnection, camelGraph, camelNode } from '../support/kits';
import { type RecordingPeer, startRecordingPeer } from '../support/peers/recording-peer';
import { OPENAI_TEST_KEY, chatAnswer, openAiError, startOpenAiPeer } from '../support/peers/openai-peer';
import { startSlackPeer } from '../support/peers/slack-peer';
import { answersInTurn } from '../support/peers/answers-in-turn';
import { type TestApp, startTestApp } from '../support/test-app';

/*
 * "Poll, summarise with an LLM, post to Slack", as a user builds it in the IDE: a trigger, an HTTP call to a
 * news service, a prompt, OpenAI and a Slack webhook, each service a local peer that speaks its protocol.
 */
describe('an IDE workflow that summarises the news with OpenAI and posts it to Slack', () => {
  let secretsDir: string;
  let news: RecordingPeer;
  beforeAll(async () => {
    secretsDir = mkdtempSync(join(tmpdir(), 'engine-summarise-'));
    writeFileSync(join(secretsDir, 'OPENAI_API_KEY'), OPENAI_TEST_KEY);
    news = await startRecordingPeer({ 'GET /latest': () => ({ body: { headline: 'Rain expected', text: 'Heavy rain is expected in the north tomorrow.' } }) });
  });
  afterAll(async () => {
    await news.close();
    rmSync(secretsDir, { recursive: true, force: true });
  });

  const workflow = (slackUrl: string) => ({
    id: 'wf-news-digest',
    name: 'News digest',
    graphs: [
      camelGraph(
        'main',
        [
          camelNode('every', 'tpl_interval_trigger', { title: 'Every hour', propertyValues: { interval: 3_600_000 } }),
          camelNode('fetch', 'tpl_http_request', { title: 'Latest news', propertyValues: { url: `${news.url}/latest`, method: 'GET', retryCount: 0 } }),
          camelNode('prompt', 'tpl_javascript_script', { title: 'Prompt', propertyValues: { script: "return 'Summarise in one line: ' + data.body.text" } }),
          camelNode('llm', 'tpl_openai_gpt', {
            title: 'Summarise',
            propertyValues: { model: 'gpt-4', maxTokens: 60, temperature: 0.2, systemPrompt: 'You write short digests.' },
          }),
          camelNode('post', 'tpl_slack_webhook', {
            title: 'Post to #news',
            propertyValues: { channel: '#news', username: 'digest-bot', webhookUrl: slackUrl },
          }),
        ],
        [
          camelConnection('c1', ['every', 'trigger-out'], ['fetch', 'data-in']),
          camelConnection('c2', ['fetch', 'response-out'], ['prompt', 'data-in']),
          camelConnection('c3', ['prompt', 'result-out'], ['llm', 'prompt-in']),
          camelConnection('c4', ['llm', 'response-out'], ['post', 'message-in']),
        ],
      ),
    ],
  });

  async function runDigest(llmAnswers: Parameters<typeof answersInTurn>[0]) {
    const llm = await startOpenAiPeer(answersInTurn(llmAnswers, () => chatAnswer('North: heavy rain tomorrow.')));
    const slack = await startSlackPeer();
    const app: TestApp = await startTestApp({ config: { secrets_dir: secretsDir, ai_endpoints: { openai: llm.baseUrl } } });
    try {
      const { data, response } = await app.client.executeIdeWorkflow({ workflow: workflow(slack.webhookUrl), input: {} });
      expect(response.status).toBe(200);
      const execution = await app.client.waitForCompletion(data!.data.execution_id, { timeoutMs: 20_000 });
      return { execution, llm: llm.peer, slack: slack.peer };
    } finally {
      await app.close();
      await llm.peer.close();
      await slack.peer.close();
    }
  }

  it('runs end to end: the news is fetched, the prompt sent with the key, and the answer posted', async () => {
    const { execution, llm, slack } = await runDigest([]);
    expect(execution.status).toBe('completed');
    expect(llm.requests).toHaveLength(1);
    const sent = llm.requests[0];
    expect(sent.headers.authorization).toBe(`Bearer ${OPENAI_TEST_KEY}`);
    expect(sent.json).toMatchObject({
      model: 'gpt-4',
      max_tokens: 60,
      temperature: 0.2,
      messages: [
        { role: 'system', content: 'You write short digests.' },
        { role: 'user', content: 'Summarise in one line: Heavy rain is expected in the north tomorrow.' },
      ],
    });
    expect(slack.requests).toHaveLength(1);
    expect(slack.requests[0].json).toMatchObject({ text: 'North: heavy rain tomorrow.', channel: '#news', username: 'digest-bot' });
    expect(JSON.stringify(execution.result)).not.toContain(OPENAI_TEST_KEY);
  }, 30_000);

  it('waits out a 429 from the LLM for its Retry-After, then posts once', async () => {
    const { execution, llm, slack } = await runDigest([openAiError(429, 'Rate limit reached for gpt-4', { 'retry-after': '1' })]);
    expect(execution.status).toBe('completed');
    expect(llm.requests).toHaveLength(2);
    expect(slack.requests.map((request) => (request.json as { text: string }).text)).toEqual(['North: heavy rain tomorrow.']);
  }, 30_000);
});
