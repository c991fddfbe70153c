import { createTwitterPostActor } from '../../server/actors';
import { answersInTurn } from '../support/peers/answers-in-turn';
import { type RecordingPeer } from '../support/peers/recording-peer';
import { X_CREDENTIALS, X_POST_ID, startXPeer, xProblem } from '../support/peers/twitter-peer';
import { runError, runMessaging } from './run-messaging';

const secrets: Record<string, string> = {
  TWITTER_API_KEY: X_CREDENTIALS.consumerKey,
  TWITTER_API_SECRET: X_CREDENTIALS.consumerSecret,
  TWITTER_ACCESS_TOKEN: X_CREDENTIALS.token,
  TWITTER_ACCESS_SECRET: X_CREDENTIALS.tokenSecret,
};
const x = createTwitterPostActor({ secret: (name) => secrets[name], policy: { baseMs: 5000, maxMs: 5000 } });
let peer: RecordingPeer;
let flaky: RecordingPeer;

beforeAll(async () => {
  peer = await startXPeer();
  flaky = await startXPeer({
    'POST /2/tweets': answersInTurn([xProblem(429, 'Too Many Requests', 'Too Many Requests', { 'retry-after': '1' })], ({ json }) => ({
      status: 201,
      body: { data: { id: X_POST_ID, text: (json as { text: string }).text } },
    })),
  });
});
afterAll(async () => {
  await peer.close();
  await flaky.close();
});
beforeEach(() => {
  peer.requests.splice(0);
  flaky.requests.splice(0);
});

describe('the X (Twitter) post node', () => {
  it('posts the text signed with OAuth 1.0a and sends the post on, reading its metrics only when metrics-out is connected', async () => {
    const run = await runMessaging(x, {
      config: { baseUrl: peer.url },
      packets: [['content-in', 'Shipping v2 today']],
      collect: ['tweet-out', 'metrics-out'],
      secrets,
    });
    expect(run.received['node.tweet-out']).toEqual([{ id: X_POST_ID, text: 'Shipping v2 today' }]);
    expect(run.received['node.metrics-out']).toEqual([
      { id: X_POST_ID, retweet_count: 2, reply_count: 1, like_count: 5, quote_count: 0, bookmark_count: 1, impression_count: 40 },
    ]);
    expect(peer.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /2/tweets',
      `GET /2/tweets/${X_POST_ID}?tweet.fields=public_metrics`,
    ]);
    expect(peer.requests[0].headers.authorization).toMatch(
      /^OAuth oauth_consumer_key="peerConsumerKey0123456789", oauth_nonce="[0-9a-f]{32}", oauth_signature_method="HMAC-SHA1"/,
    );
    expect(peer.requests[0].json).toEqual({ text: 'Shipping v2 today' });
    peer.requests.splice(0);
    await runMessaging(x, { config: { baseUrl: peer.url }, packets: [['content-in', 'quiet']], collect: ['tweet-out'], secrets });
    expect(peer.requests.map((request) => request.method)).toEqual(['POST']);
  });

  it('adds the reply, poll, place and media, flagging the media as sensitive first when asked', async () => {
    const config = {
      baseUrl: peer.url,
      replyTo: '1850000000000000000',
      pollOptions: 'Yes\nNo\nMaybe',
      pollDurationMinutes: 60,
      geo: '{"place_id": "5a110d312052166f"}',
      sensitive: true,
    };
    const run = await runMessaging(x, {
      config,
      packets: [
        ['media-in', ['111', '222']],
        ['content-in', { text: 'Vote!' }],
      ],
      collect: ['tweet-out'],
      secrets,
    });
    expect(run.result.success).toBe(true);
    expect(peer.requests.map((request) => request.path)).toEqual(['/2/media/metadata', '/2/media/metadata', '/2/tweets']);
    expect(peer.requests[0].json).toEqual({ id: '111', metadata: { sensitive_media_warning: { adult_content: false, graphic_violence: false, other: true } } });
    expect(peer.requests[2].json).toEqual({
      text: 'Vote!',
      reply: { in_reply_to_tweet_id: '1850000000000000000' },
      media: { media_ids: ['111', '222'] },
      poll: { options: ['Yes', 'No', 'Maybe'], duration_minutes: 60 },
      geo: { place_id: '5a110d312052166f' },
    });
  });

  it('refuses, before the run, a node missing any of the four keys, a one-option poll and an unreadable place, naming each', async () => {
    const { TWITTER_ACCESS_SECRET: _left, ...three } = secrets;
    const partial = createTwitterPostActor({ secret: (name) => three[name] });
    await expect(runMessaging(partial, { config: { baseUrl: peer.url }, packets: [['content-in', 'x']], collect: [] })).rejects.toThrow(
      /accessSecret.*TWITTER_ACCESS_SECRET/,
    );
    await expect(runMessaging(x, { config: { pollOptions: 'Only one' }, packets: [['content-in', 'x']], collect: [] })).rejects.toThrow(
      /pollOptions.*needs 2 to 4 options/,
    );
    await expect(runMessaging(x, { config: { geo: '{"lat": 1}' }, packets: [['content-in', 'x']], collect: [] })).rejects.toThrow(/geo/);
    expect(peer.requests).toEqual([]);
  });

  it("fails with X's problem detail when the signature does not hold, and never shows a key", async () => {
    const run = await runMessaging(x, {
      config: { baseUrl: peer.url, accessSecret: 'notTheSecret' },
      packets: [['content-in', 'x']],
      collect: ['tweet-out'],
      secrets,
    });
    expect(runError(run)).toBe(`X answered HTTP 401 to POST ${peer.url}/2/tweets: Unauthorized`);
    for (const key of [...Object.values(X_CREDENTIALS), 'notTheSecret']) expect(run.transcript).not.toContain(key);
  });

  it('posts after the Retry-After of a 429, and not again after a 503', async () => {
    const started = Date.now();
    const limited = await runMessaging(x, { config: { baseUrl: flaky.url }, packets: [['content-in', 'patience']], collect: ['tweet-out'], secrets });
    expect(limited.received['node.tweet-out']).toEqual([{ id: X_POST_ID, text: 'patience' }]);
    expect(flaky.requests).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    const down = await startXPeer({ 'POST /2/tweets': () => xProblem(503, 'Service Unavailable', 'Service Unavailable') });
    try {
      const run = await runMessaging(x, { config: { baseUrl: down.url }, packets: [['content-in', 'x']], collect: ['tweet-out'], secrets });
      expect(runError(run)).toContain('X answered HTTP 503');
      expect(down.requests).toHaveLength(1);
    } finally {
      await down.close();
    }
  });
});
