import { createClaudeActor } from '../../server/actors';
import { ANTHROPIC_TEST_KEY, anthropicError, claudeMessage, startAnthropicPeer } from '../support/peers/anthropic-peer';
import { answersInTurn } from '../support/peers/answers-in-turn';
import { type RecordingPeer } from '../support/peers/recording-peer';
import { FAST_RETRIES, everythingSaid, failure, runAiNode, validationIssues } from './run-ai-node';

const secrets = { ANTHROPIC_API_KEY: ANTHROPIC_TEST_KEY };
const actor = createClaudeActor({ secret: (name) => (secrets as Record<string, string>)[name], policy: FAST_RETRIES });

/** A rule set of the IDE's rule builder with one rule. */
function ruleSet(field: string, operator: string, value: string) {
  return { id: 'set1', type: 'IF', groups: [{ id: 'g1', connector: 'AND', rules: [{ id: 'r1', field, operator, value, valueType: 'string' }] }] };
}

let peer: RecordingPeer;
let baseUrl: string;
afterEach(() => peer?.close());

describe('tpl_claude', () => {
  it('sends a Messages call with the key, version, system prompt and context, and emits the text and the token usage', async () => {
    ({ peer, baseUrl } = await startAnthropicPeer(() => claudeMessage('Bonjour !')));
    const outcome = await runAiNode(actor, {
      config: { baseUrl, model: 'claude-3-haiku', maxTokens: 300, temperature: 0.3, systemPrompt: 'You translate to French.' },
      packets: [
        ['context-in', 'Informal register'],
        ['prompt-in', 'Hello!'],
      ],
      secrets,
    });
    expect(outcome.result.errors).toEqual([]);
    const [sent] = peer.requests;
    expect({ path: sent.path, key: sent.headers['x-api-key'], version: sent.headers['anthropic-version'] }).toEqual({
      path: '/v1/messages',
      key: ANTHROPIC_TEST_KEY,
      version: '2023-06-01',
    });
    expect(sent.json).toEqual({
      model: 'claude-3-haiku-20240307',
      max_tokens: 300,
      temperature: 0.3,
      system: 'You translate to French.\n\nContext:\nInformal register',
      messages: [{ role: 'user', content: 'Hello!' }],
    });
    expect(outcome.received['node.response-out']).toEqual(['Bonjour !']);
    expect(outcome.received['node.usage-out']).toEqual([{ model: 'claude-3-5-sonnet-20241022', promptTokens: 21, completionTokens: 8, totalTokens: 29 }]);
    expect(everythingSaid(outcome)).not.toContain(ANTHROPIC_TEST_KEY);
  });

  it('lets an answer through when one of its responseRules holds, and fails the node when none does', async () => {
    ({ peer, baseUrl } = await startAnthropicPeer(() => claudeMessage('A short answer about refunds.')));
    const rules = [ruleSet('text', 'contains', 'refund'), { ...ruleSet('Response Length', 'greater_than', '1000'), id: 'set2', type: 'OR' }];
    const passed = await runAiNode(actor, { config: { baseUrl, responseRules: rules }, packets: [['prompt-in', 'Refund policy?']], secrets });
    expect(passed.received['node.response-out']).toEqual(['A short answer about refunds.']);
    const refused = await runAiNode(actor, {
      config: { baseUrl, responseRules: [ruleSet('Response Length', 'greater_than', '1000')] },
      packets: [['prompt-in', 'Refund policy?']],
      secrets,
    });
    expect(failure(refused)).toBe("The answer meets none of the rule sets of config 'responseRules' (1 set)");
    expect(refused.received['node.response-out']).toBeUndefined();
    const sent = refused.events.flatMap((event) => (event._type === 'MessageSent' ? [event.fromPort] : []));
    expect(sent).toEqual(['usage-out']);
  });

  it('refuses malformed rules and a missing key before the run', () => {
    expect(validationIssues(actor, { responseRules: [{ groups: [{ rules: [{ field: 'text', operator: 'resembles' }] }] }] })).toEqual([
      expect.stringContaining("config 'responseRules.0.groups.0.rules.0.operator'"),
    ]);
    expect(validationIssues(createClaudeActor({ secret: () => undefined }), {})).toEqual([
      expect.stringContaining("config 'apiKey': is required: set apiKey or configure the secret ANTHROPIC_API_KEY"),
    ]);
  });

  it("fails with Anthropic's message, with the key taken out even when the answer echoes it", async () => {
    ({ peer, baseUrl } = await startAnthropicPeer((request) =>
      anthropicError(400, `Your key ${String(request.headers['x-api-key'])} has no access to this model`),
    ));
    const outcome = await runAiNode(actor, { config: { baseUrl }, packets: [['prompt-in', 'Hi']], secrets });
    expect(failure(outcome)).toBe('Anthropic answered HTTP 400: Your key [REDACTED] has no access to this model');
    expect(everythingSaid(outcome)).not.toContain(ANTHROPIC_TEST_KEY);
    expect(peer.requests).toHaveLength(1);
  });

  it('retries an overloaded answer (529) and a 429 with Retry-After, then answers', async () => {
    ({ peer, baseUrl } = await startAnthropicPeer(
      answersInTurn([anthropicError(529, 'Overloaded'), anthropicError(429, 'Number of requests has exceeded your rate limit', { 'retry-after': '0' })], () =>
        claudeMessage('done'),
      ),
    ));
    const outcome = await runAiNode(actor, { config: { baseUrl }, packets: [['prompt-in', 'Hi']], secrets });
    expect(outcome.received['node.response-out']).toEqual(['done']);
    expect(peer.requests).toHaveLength(3);
  });

  it("fails with the rate limit's message and its Retry-After once the three attempts are spent", async () => {
    ({ peer, baseUrl } = await startAnthropicPeer(() => anthropicError(429, 'Number of requests has exceeded your rate limit', { 'retry-after': '0' })));
    const outcome = await runAiNode(actor, { config: { baseUrl }, packets: [['prompt-in', 'Hi']], secrets });
    expect(failure(outcome)).toBe('Anthropic answered HTTP 429: Number of requests has exceeded your rate limit (Retry-After: 0)');
    expect(peer.requests).toHaveLength(3);
  });
});
