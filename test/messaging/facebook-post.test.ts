import { createFacebookPostActor } from '../../server/actors';
import { answersInTurn } from '../support/peers/answers-in-turn';
import { FACEBOOK_PAGE, FACEBOOK_POST_ID, graphError, startFacebookPeer } from '../support/peers/facebook-peer';
import { type RecordingPeer } from '../support/peers/recording-peer';
import { runError, runMessaging } from './run-messaging';

const secrets: Record<string, string> = { FACEBOOK_ACCESS_TOKEN: FACEBOOK_PAGE.token };
const facebook = createFacebookPostActor({ secret: (name) => secrets[name], policy: { baseMs: 5000, maxMs: 5000 } });
let peer: RecordingPeer;
let graph: string;

beforeAll(async () => {
  peer = await startFacebookPeer();
  graph = `${peer.url}/${FACEBOOK_PAGE.version}`;
});
afterAll(() => peer.close());
beforeEach(() => peer.requests.splice(0));

describe('the Facebook post node', () => {
  it('publishes the message and link on the Page feed with the Page token, and reads back the insights asked for', async () => {
    const config = {
      baseUrl: graph,
      pageId: FACEBOOK_PAGE.id,
      targeting: '{"geo_locations": {"countries": ["DE"]}}',
      insightMetrics: 'post_impressions,post_clicks',
    };
    const run = await runMessaging(facebook, {
      config,
      packets: [['content-in', { message: 'Open today', link: 'https://example.com' }]],
      collect: ['post-out', 'insights-out'],
      secrets,
    });
    expect(peer.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      `POST /${FACEBOOK_PAGE.version}/${FACEBOOK_PAGE.id}/feed`,
      `GET /${FACEBOOK_PAGE.version}/${FACEBOOK_POST_ID}/insights?metric=post_impressions%2Cpost_clicks`,
    ]);
    expect(peer.requests[0].headers.authorization).toBe(`Bearer ${FACEBOOK_PAGE.token}`);
    expect(peer.requests[0].json).toEqual({
      published: true,
      targeting: { geo_locations: { countries: ['DE'] } },
      message: 'Open today',
      link: 'https://example.com',
    });
    expect(run.received['node.post-out']).toEqual([{ id: FACEBOOK_POST_ID, pageId: FACEBOOK_PAGE.id, scheduled: false, publishTime: null }]);
    expect(run.received['node.insights-out']).toEqual([{ id: FACEBOOK_POST_ID, metrics: { post_impressions: 10, post_clicks: 20 } }]);
  });

  it('schedules a photo post from media-in for publishTime, and reads no insights of a post not yet out', async () => {
    const config = { baseUrl: graph, pageId: FACEBOOK_PAGE.id, scheduling: true, publishTime: '2026-12-01T09:00:00Z' };
    const run = await runMessaging(facebook, {
      config,
      packets: [
        ['media-in', { url: 'https://example.com/p.jpg' }],
        ['content-in', 'Coming soon'],
      ],
      collect: ['post-out', 'insights-out'],
      secrets,
    });
    expect(peer.requests.map((request) => request.path)).toEqual([`/${FACEBOOK_PAGE.version}/${FACEBOOK_PAGE.id}/photos`]);
    expect(peer.requests[0].json).toEqual({ published: false, scheduled_publish_time: 1796115600, url: 'https://example.com/p.jpg', caption: 'Coming soon' });
    expect(run.received['node.post-out']).toEqual([
      { id: FACEBOOK_POST_ID, pageId: FACEBOOK_PAGE.id, scheduled: true, publishTime: '2026-12-01T09:00:00.000Z' },
    ]);
    expect(run.received['node.insights-out']).toBeUndefined();
  });

  it('refuses, before the run, scheduling without a publish time, bad targeting JSON and a missing token, naming the setting', async () => {
    await expect(runMessaging(facebook, { config: { pageId: '1', scheduling: true }, packets: [['content-in', 'x']], collect: [] })).rejects.toThrow(
      /publishTime.*is required when scheduling is on/,
    );
    await expect(
      runMessaging(facebook, { config: { pageId: '1', targeting: '{countries: DE}' }, packets: [['content-in', 'x']], collect: [] }),
    ).rejects.toThrow(/targeting.*is not JSON/);
    await expect(runMessaging(createFacebookPostActor(), { config: { pageId: '1' }, packets: [['content-in', 'x']], collect: [] })).rejects.toThrow(
      /accessToken.*FACEBOOK_ACCESS_TOKEN/,
    );
    expect(peer.requests).toEqual([]);
  });

  it("fails with the Graph API's message and code for a bad token, never showing it", async () => {
    const run = await runMessaging(facebook, {
      config: { baseUrl: graph, pageId: FACEBOOK_PAGE.id, accessToken: 'EAAstale' },
      packets: [['content-in', 'x']],
      collect: ['post-out'],
      secrets,
    });
    expect(runError(run)).toBe(`Facebook answered HTTP 400 to POST ${graph}/${FACEBOOK_PAGE.id}/feed: Invalid OAuth access token - Cannot parse access token`);
    expect(run.transcript).not.toContain('EAAstale');
    expect(run.transcript).not.toContain(FACEBOOK_PAGE.token);
  });

  it('posts after the Retry-After of a 429, and not again after a 500', async () => {
    const feed = `POST /${FACEBOOK_PAGE.version}/${FACEBOOK_PAGE.id}/feed`;
    const flaky = await startFacebookPeer({
      [feed]: answersInTurn([graphError(429, '(#32) Page request limit reached', 32, { 'retry-after': '1' })], () => ({ body: { id: FACEBOOK_POST_ID } })),
    });
    const down = await startFacebookPeer({ [feed]: () => graphError(500, 'An unknown error has occurred.', 1) });
    try {
      const limited = await runMessaging(facebook, {
        config: { baseUrl: `${flaky.url}/${FACEBOOK_PAGE.version}`, pageId: FACEBOOK_PAGE.id },
        packets: [['content-in', 'x']],
        collect: ['post-out'],
        secrets,
      });
      expect(limited.received['node.post-out']).toEqual([expect.objectContaining({ id: FACEBOOK_POST_ID })]);
      expect(flaky.requests).toHaveLength(2);
      const broken = await runMessaging(facebook, {
        config: { baseUrl: `${down.url}/${FACEBOOK_PAGE.version}`, pageId: FACEBOOK_PAGE.id },
        packets: [['content-in', 'x']],
        collect: ['post-out'],
        secrets,
      });
      expect(runError(broken)).toContain('Facebook answered HTTP 500');
      expect(runError(broken)).toContain('An unknown error has occurred.');
      expect(down.requests).toHaveLength(1);
    } finally {
      await flaky.close();
      await down.close();
    }
  });
});
