import { createSlackWebhookActor } from '../../server/actors';
import { EgressPolicy } from '../../server/outbound-http';
import { answersInTurn } from '../support/peers/answers-in-turn';
import { type RecordingPeer } from '../support/peers/recording-peer';
import { scriptedRoute } from '../support/peers/scripted-route';
import { SLACK_HOOK_PATH, slackHook, startSlackPeer } from '../support/peers/slack-peer';
import { runError, runMessaging } from './run-messaging';

const slack = createSlackWebhookActor({ policy: { baseMs: 5000, maxMs: 5000 } });
const settings = { channel: '#alerts', username: 'Deploy Bot', iconEmoji: 'rocket' };
let peer: RecordingPeer;
let webhookUrl: string;
const script = scriptedRoute(slackHook);

beforeAll(async () => {
  ({ peer, webhookUrl } = await startSlackPeer(script.route));
});
afterAll(() => peer.close());
beforeEach(() => {
  peer.requests.splice(0);
  script.reset();
});

describe('the Slack webhook node', () => {
  it('posts the message as JSON with the channel, name, emoji and markdown flag, and reports it sent', async () => {
    const run = await runMessaging(slack, { config: { ...settings, webhookUrl }, packets: [['message-in', 'Deployed *v2*']], collect: ['sent-out'] });
    expect(run.received['node.sent-out']).toEqual([{ ok: true, channel: '#alerts', text: 'Deployed *v2*' }]);
    expect(peer.requests).toHaveLength(1);
    const [request] = peer.requests;
    expect(request).toMatchObject({ method: 'POST', path: SLACK_HOOK_PATH, headers: expect.objectContaining({ 'content-type': 'application/json' }) });
    expect(request.json).toEqual({ channel: '#alerts', username: 'Deploy Bot', icon_emoji: ':rocket:', text: 'Deployed *v2*', mrkdwn: true });
  });

  it('sends Block Kit blocks in blocks mode and plain text without markdown in plain mode, and an image URL as icon', async () => {
    const blocks = [{ type: 'section', text: { type: 'mrkdwn', text: '*Build* passed' } }];
    await runMessaging(slack, {
      config: { ...settings, webhookUrl, messageType: 'blocks' },
      packets: [['message-in', { blocks, text: 'Build passed' }]],
      collect: ['sent-out'],
    });
    expect(peer.requests[0].json).toMatchObject({ blocks, text: 'Build passed' });
    await runMessaging(slack, {
      config: { ...settings, webhookUrl, messageType: 'plain', iconEmoji: 'https://example.com/bot.png' },
      packets: [['message-in', { text: 'a_b_c' }]],
      collect: ['sent-out'],
    });
    expect(peer.requests[1].json).toEqual({
      channel: '#alerts',
      username: 'Deploy Bot',
      icon_url: 'https://example.com/bot.png',
      text: 'a_b_c',
      mrkdwn: false,
    });
  });

  it('takes the webhook URL from the SLACK_WEBHOOK_URL secret when the node sets none', async () => {
    const secrets: Record<string, string> = { SLACK_WEBHOOK_URL: webhookUrl };
    const configured = createSlackWebhookActor({ secret: (name) => secrets[name] });
    const run = await runMessaging(configured, { config: settings, packets: [['message-in', 'from the secret']], collect: ['sent-out'], secrets });
    expect(run.result.success).toBe(true);
    expect(peer.requests.map((request) => request.path)).toEqual([SLACK_HOOK_PATH]);
  });

  it('refuses, before the run, a node with no webhook URL and no secret, or without its channel, naming the setting', async () => {
    await expect(runMessaging(slack, { config: settings, packets: [['message-in', 'x']], collect: [] })).rejects.toThrow(
      /webhookUrl.*is required: set webhookUrl or configure the secret SLACK_WEBHOOK_URL/,
    );
    await expect(runMessaging(slack, { config: { username: 'Bot', webhookUrl }, packets: [['message-in', 'x']], collect: [] })).rejects.toThrow(/channel/);
    await expect(
      runMessaging(slack, { config: { ...settings, webhookUrl: 'ftp://hooks.example.com/x' }, packets: [['message-in', 'x']], collect: [] }),
    ).rejects.toThrow(/webhookUrl.*must be an http\(s\) URL/);
    expect(peer.requests).toEqual([]);
  });

  it("routes Slack's refusal to error-out with Slack's words, never with the webhook path", async () => {
    script.answerWith(() => ({ status: 404, headers: { 'content-type': 'text/html' }, body: 'no_service' }));
    const run = await runMessaging(slack, { config: { ...settings, webhookUrl }, packets: [['message-in', 'hello']], collect: ['sent-out', 'error-out'] });
    expect(run.received['node.sent-out']).toBeUndefined();
    expect(run.received['node.error-out']).toEqual([
      expect.objectContaining({ vendor: 'Slack', status: 404, message: `Slack answered HTTP 404 to the webhook at ${peer.url}: no_service`, node_id: 'node' }),
    ]);
    expect(run.transcript).not.toContain(SLACK_HOOK_PATH);
  });

  it('waits as long as a 429 Retry-After asks, then sends again and succeeds', async () => {
    script.answerWith(answersInTurn([{ status: 429, headers: { 'retry-after': '1' }, body: 'rate_limited' }], slackHook));
    const run = await runMessaging(slack, { config: { ...settings, webhookUrl }, packets: [['message-in', 'again']], collect: ['sent-out'] });
    expect(run.received['node.sent-out']).toHaveLength(1);
    expect(peer.requests).toHaveLength(2);
    // The policy's backoff would wait at least 2.5 s: the shorter wait is the header's.
    expect(script.arrivals[1] - script.arrivals[0]).toBeGreaterThanOrEqual(950);
    expect(script.arrivals[1] - script.arrivals[0]).toBeLessThan(2500);
  });

  it('does not send again after a 5xx, since Slack may have posted, and fails the node with the status', async () => {
    script.answerWith(() => ({ status: 503, body: 'service_unavailable' }));
    const run = await runMessaging(slack, { config: { ...settings, webhookUrl }, packets: [['message-in', 'once']], collect: ['sent-out'] });
    expect(runError(run)).toContain('Slack answered HTTP 503 to the webhook at');
    expect(runError(run)).toContain('service_unavailable');
    expect(peer.requests).toHaveLength(1);
  });

  it('sends nothing where the egress policy refuses the webhook host', async () => {
    const guarded = createSlackWebhookActor({ egress: new EgressPolicy({ deny: ['127.0.0.0/8'] }) });
    const run = await runMessaging(guarded, {
      config: { ...settings, webhookUrl, retryCount: 0 },
      packets: [['message-in', 'blocked']],
      collect: ['sent-out'],
    });
    expect(runError(run)).toMatch(/egress policy refuses 127\.0\.0\.1/);
    expect(run.transcript).not.toContain(SLACK_HOOK_PATH);
    expect(peer.requests).toEqual([]);
  });

  it('gives up on an answer slower than the timeout, and a cancelled run aborts the request', async () => {
    script.answerWith(() => ({ delayMs: 3000, body: 'ok' }));
    const slow = await runMessaging(slack, {
      config: { ...settings, webhookUrl, timeout: 200, retryCount: 0 },
      packets: [['message-in', 'slow']],
      collect: ['sent-out'],
    });
    expect(runError(slow)).toMatch(/timed out after 200 ms/);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const started = Date.now();
    const cancelled = await runMessaging(slack, {
      config: { ...settings, webhookUrl },
      packets: [['message-in', 'cancel me']],
      collect: ['sent-out'],
      signal: controller.signal,
    });
    expect(cancelled.result.success).toBe(false);
    expect(Date.now() - started).toBeLessThan(2500);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(peer.aborted).toBeGreaterThanOrEqual(2);
  });
});
