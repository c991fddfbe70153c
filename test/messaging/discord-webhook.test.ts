import { createDiscordWebhookActor } from '../../server/actors';
import { type JsonObject } from '../../server/engine';
import { answersInTurn } from '../support/peers/answers-in-turn';
import { DISCORD_HOOK_PATH, discordHook, discordRateLimited, startDiscordPeer } from '../support/peers/discord-peer';
import { type RecordingPeer } from '../support/peers/recording-peer';
import { scriptedRoute } from '../support/peers/scripted-route';
import { runError, runMessaging } from './run-messaging';

const discord = createDiscordWebhookActor({ policy: { baseMs: 5000, maxMs: 5000 } });
let peer: RecordingPeer;
let webhookUrl: string;
const script = scriptedRoute(discordHook);

beforeAll(async () => {
  ({ peer, webhookUrl } = await startDiscordPeer(script.route));
});
afterAll(() => peer.close());
beforeEach(() => {
  peer.requests.splice(0);
  script.reset();
});

describe('the Discord webhook node', () => {
  it("posts the message with the node's name, avatar and voice, waits for Discord's message and sends it on", async () => {
    const config = { webhookUrl, username: 'Alerts', avatarUrl: 'https://example.com/a.png', tts: true };
    const run = await runMessaging(discord, { config, packets: [['message-in', 'Disk at 91%']], collect: ['sent-out'] });
    expect(run.received['node.sent-out']).toEqual([
      { id: '1190000000000000001', channelId: '1170000000000000000', content: 'Disk at 91%', timestamp: '2026-11-24T12:00:00.000000+00:00' },
    ]);
    const [request] = peer.requests;
    expect(request).toMatchObject({ method: 'POST', path: DISCORD_HOOK_PATH, headers: expect.objectContaining({ 'content-type': 'application/json' }) });
    expect(request.query.get('wait')).toBe('true');
    expect(request.json).toEqual({ content: 'Disk at 91%', tts: true, username: 'Alerts', avatar_url: 'https://example.com/a.png' });
  });

  it('adds the embeds of embed-in, coloured with embedColor where they set no colour of their own', async () => {
    const embeds: JsonObject[] = [
      { title: 'CPU', description: '97%' },
      { title: 'RAM', color: 255 },
    ];
    await runMessaging(discord, {
      config: { webhookUrl, embedColor: '#FF0000' },
      packets: [
        ['embed-in', embeds],
        ['message-in', 'Status'],
      ],
      collect: ['sent-out'],
    });
    expect(peer.requests[0].json).toEqual({
      content: 'Status',
      tts: false,
      embeds: [
        { title: 'CPU', description: '97%', color: 0xff0000 },
        { title: 'RAM', color: 255 },
      ],
    });
  });

  it('refuses, before the run, a colour it cannot read and a node with no webhook URL, naming the setting', async () => {
    await expect(runMessaging(discord, { config: { webhookUrl, embedColor: 'reddish' }, packets: [['message-in', 'x']], collect: [] })).rejects.toThrow(
      /embedColor.*is not a color/,
    );
    await expect(runMessaging(discord, { config: {}, packets: [['message-in', 'x']], collect: [] })).rejects.toThrow(/webhookUrl.*DISCORD_WEBHOOK_URL/);
    expect(peer.requests).toEqual([]);
  });

  it("fails the node with Discord's message when it refuses the message, without the webhook token in it", async () => {
    script.answerWith(() => ({
      status: 400,
      body: {
        message: 'Invalid Form Body',
        code: 50035,
        errors: { content: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 2000 or fewer in length.' }] } },
      },
    }));
    const run = await runMessaging(discord, { config: { webhookUrl }, packets: [['message-in', 'x'.repeat(2001)]], collect: ['sent-out'] });
    expect(runError(run)).toBe(`Discord answered HTTP 400 to the webhook at ${peer.url}: Invalid Form Body`);
    expect(run.transcript).not.toContain('peerDiscordToken');
  });

  it('fails a message with neither content nor embeds without posting it', async () => {
    const run = await runMessaging(discord, { config: { webhookUrl }, packets: [['message-in', { embeds: [] }]], collect: ['sent-out'] });
    expect(runError(run)).toBe('The message has neither content nor embeds: send text, {content} or {embeds}');
    expect(peer.requests).toEqual([]);
  });

  it('answers a 401 for a revoked webhook with a failure and sends it once', async () => {
    script.answerWith(() => ({ status: 401, body: { message: 'Invalid Webhook Token', code: 50027 } }));
    const run = await runMessaging(discord, { config: { webhookUrl }, packets: [['message-in', 'hi']], collect: ['sent-out'] });
    expect(runError(run)).toContain('Discord answered HTTP 401 to the webhook at');
    expect(runError(run)).toContain('Invalid Webhook Token');
    expect(peer.requests).toHaveLength(1);
  });

  it("honours Discord's Retry-After on a 429 and posts once the limit has passed", async () => {
    script.answerWith(answersInTurn([discordRateLimited(1)], discordHook));
    const run = await runMessaging(discord, { config: { webhookUrl }, packets: [['message-in', 'later']], collect: ['sent-out'] });
    expect(run.received['node.sent-out']).toEqual([expect.objectContaining({ content: 'later' })]);
    expect(peer.requests).toHaveLength(2);
    expect(script.arrivals[1] - script.arrivals[0]).toBeGreaterThanOrEqual(950);
    expect(script.arrivals[1] - script.arrivals[0]).toBeLessThan(2500);
  });

  it('reports the last 429 with its Retry-After when the retries run out', async () => {
    script.answerWith(() => discordRateLimited(0));
    const run = await runMessaging(discord, { config: { webhookUrl, retryCount: 1 }, packets: [['message-in', 'flood']], collect: ['sent-out'] });
    expect(runError(run)).toContain('Discord answered HTTP 429 to the webhook at');
    expect(runError(run)).toContain('You are being rate limited. (Retry-After: 0)');
    expect(peer.requests).toHaveLength(2);
  });

  it('does not post again after a 502', async () => {
    script.answerWith(() => ({ status: 502, body: 'Bad Gateway' }));
    const run = await runMessaging(discord, { config: { webhookUrl }, packets: [['message-in', 'x']], collect: ['sent-out'] });
    expect(runError(run)).toContain('Discord answered HTTP 502');
    expect(peer.requests).toHaveLength(1);
  });
});
