import { createLinkedinPostActor } from '../../server/actors';
import { answersInTurn } from '../support/peers/answers-in-turn';
import { LINKEDIN_MEMBER, LINKEDIN_SHARE, LINKEDIN_TOKEN, linkedinError, startLinkedinPeer } from '../support/peers/linkedin-peer';
import { type RecordingPeer } from '../support/peers/recording-peer';
import { runError, runMessaging } from './run-messaging';

const secrets: Record<string, string> = { LINKEDIN_ACCESS_TOKEN: LINKEDIN_TOKEN };
const linkedin = createLinkedinPostActor({ secret: (name) => secrets[name], policy: { baseMs: 5000, maxMs: 5000 } });
let peer: RecordingPeer;

beforeAll(async () => {
  peer = await startLinkedinPeer();
});
afterAll(() => peer.close());
beforeEach(() => peer.requests.splice(0));

describe('the LinkedIn post node', () => {
  it('asks whose the token is, shares the text as that member with the chosen visibility, and reads back its social actions', async () => {
    const run = await runMessaging(linkedin, {
      config: { baseUrl: peer.url, visibility: 'connections' },
      packets: [['content-in', 'We are hiring']],
      collect: ['share-out', 'analytics-out'],
      secrets,
    });
    expect(peer.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /v2/userinfo',
      'POST /v2/ugcPosts',
      `GET /v2/socialActions/${encodeURIComponent(LINKEDIN_SHARE)}`,
    ]);
    expect(peer.requests[1].headers).toMatchObject({
      authorization: `Bearer ${LINKEDIN_TOKEN}`,
      'x-restli-protocol-version': '2.0.0',
      'content-type': 'application/json',
    });
    expect(peer.requests[1].json).toEqual({
      author: `urn:li:person:${LINKEDIN_MEMBER}`,
      lifecycleState: 'PUBLISHED',
      specificContent: { 'com.linkedin.ugc.ShareContent': { shareCommentary: { text: 'We are hiring' }, shareMediaCategory: 'NONE' } },
      visibility: { 'com.linkedin.ugc.MemberNetworkVisibility': 'CONNECTIONS' },
    });
    expect(run.received['node.share-out']).toEqual([
      { id: LINKEDIN_SHARE, author: `urn:li:person:${LINKEDIN_MEMBER}`, visibility: 'connections', shareType: 'share' },
    ]);
    expect(run.received['node.analytics-out']).toEqual([{ id: LINKEDIN_SHARE, likes: 3, comments: 1 }]);
  });

  it('shares an article of article-in as the organization companyId, without asking whose the token is', async () => {
    const article = { url: 'https://example.com/post', title: 'Our launch', description: 'What is new' };
    await runMessaging(linkedin, {
      config: { baseUrl: peer.url, companyId: '2414183', shareType: 'article', visibility: 'logged_in' },
      packets: [
        ['article-in', article],
        ['content-in', 'Read this'],
      ],
      collect: ['share-out'],
      secrets,
    });
    expect(peer.requests.map((request) => request.path)).toEqual(['/v2/ugcPosts']);
    expect(peer.requests[0].json).toMatchObject({
      author: 'urn:li:organization:2414183',
      specificContent: {
        'com.linkedin.ugc.ShareContent': {
          shareCommentary: { text: 'Read this' },
          shareMediaCategory: 'ARTICLE',
          media: [{ status: 'READY', originalUrl: 'https://example.com/post', title: { text: 'Our launch' }, description: { text: 'What is new' } }],
        },
      },
      visibility: { 'com.linkedin.ugc.MemberNetworkVisibility': 'LOGGED_IN' },
    });
  });

  it('refuses, before the run, a node with no token configured and an unknown visibility, naming the setting', async () => {
    const bare = createLinkedinPostActor();
    await expect(runMessaging(bare, { config: { baseUrl: peer.url }, packets: [['content-in', 'x']], collect: [] })).rejects.toThrow(
      /accessToken.*LINKEDIN_ACCESS_TOKEN/,
    );
    await expect(runMessaging(linkedin, { config: { visibility: 'friends' }, packets: [['content-in', 'x']], collect: [] })).rejects.toThrow(/visibility/);
    await expect(runMessaging(linkedin, { config: { baseUrl: 'api.linkedin.com' }, packets: [['content-in', 'x']], collect: [] })).rejects.toThrow(
      /baseUrl.*not an absolute URL/,
    );
  });

  it("fails with LinkedIn's message for a bad token, and an article share with no article, without posting", async () => {
    const run = await runMessaging(linkedin, {
      config: { baseUrl: peer.url, accessToken: 'expiredToken', authorUrn: 'urn:li:person:x' },
      packets: [['content-in', 'x']],
      collect: ['share-out'],
      secrets,
    });
    expect(runError(run)).toBe(`LinkedIn answered HTTP 401 to POST ${peer.url}/v2/ugcPosts: Invalid access token`);
    expect(run.transcript).not.toContain('expiredToken');
    peer.requests.splice(0);
    const none = await runMessaging(linkedin, {
      config: { baseUrl: peer.url, companyId: '1', shareType: 'article' },
      packets: [['content-in', 'x']],
      collect: ['share-out'],
      secrets,
    });
    expect(runError(none)).toContain("shareType 'article' needs article-in");
    expect(peer.requests).toEqual([]);
  });

  it('shares after the Retry-After of a 429, and not again after a 500', async () => {
    const flaky = await startLinkedinPeer({
      'POST /v2/ugcPosts': answersInTurn([linkedinError(429, 'Resource level throttle limit reached', { 'retry-after': '1' })], () => ({
        status: 201,
        headers: { 'x-restli-id': LINKEDIN_SHARE },
      })),
    });
    const down = await startLinkedinPeer({ 'POST /v2/ugcPosts': () => linkedinError(500, 'Internal Server Error') });
    try {
      const limited = await runMessaging(linkedin, {
        config: { baseUrl: flaky.url, companyId: '1' },
        packets: [['content-in', 'x']],
        collect: ['share-out'],
        secrets,
      });
      expect(limited.received['node.share-out']).toEqual([expect.objectContaining({ id: LINKEDIN_SHARE })]);
      expect(flaky.requests).toHaveLength(2);
      const broken = await runMessaging(linkedin, {
        config: { baseUrl: down.url, companyId: '1' },
        packets: [['content-in', 'x']],
        collect: ['share-out'],
        secrets,
      });
      expect(runError(broken)).toContain('LinkedIn answered HTTP 500');
      expect(down.requests).toHaveLength(1);
    } finally {
      await flaky.close();
      await down.close();
    }
  });
});
