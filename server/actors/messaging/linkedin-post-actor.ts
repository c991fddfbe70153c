import { z } from 'zod';
import { ActorError, type JsonObject, type JsonValue, defineActor } from '../../engine';
import { choiceSetting, credentialOf, optionalText, requireCredential } from '../shared';
import { type MessagingActorOptions } from './messaging-actor-options';
import { baseUrlSetting, credentialSetting, retrySetting, timeoutSetting, vendorUrl } from './messaging-settings';
import { objectOf, textOf } from './packet-fields';
import { type VendorCall, type VendorCallContext, callVendor } from './vendor-call';

/** LinkedIn's public API. */
const LINKEDIN_API = 'https://api.linkedin.com';

/** The template's visibility choices and the `MemberNetworkVisibility` each one is. */
const VISIBILITY = { anyone: 'PUBLIC', connections: 'CONNECTIONS', logged_in: 'LOGGED_IN' } as const;
/** The template's share types and the `shareMediaCategory` each one is. */
const SHARE_TYPES = { share: 'NONE', article: 'ARTICLE', image: 'IMAGE', video: 'VIDEO' } as const;

function linkedinConfigSchema(options: MessagingActorOptions) {
  return z
    .object({
      visibility: choiceSetting('Who may see the post', ['anyone', 'connections', 'logged_in'], 'anyone'),
      shareType: choiceSetting(
        'What the post carries besides its text: nothing, an article link, an image or a video',
        ['share', 'article', 'image', 'video'],
        'share',
      ),
      companyId: optionalText('The organization that posts (its id or urn:li:organization:...); unset posts as the member of the token'),
      authorUrn: optionalText('The author URN when no companyId is set (urn:li:person:...); unset asks LinkedIn whose the token is'),
      accessToken: credentialSetting('The OAuth 2.0 access token', 'LINKEDIN_ACCESS_TOKEN'),
      baseUrl: baseUrlSetting('LinkedIn', LINKEDIN_API),
      timeout: timeoutSetting(),
      retryCount: retrySetting(),
    })
    .superRefine(requireCredential('accessToken', ['LINKEDIN_ACCESS_TOKEN'], options.secret));
}

type LinkedinConfig = z.infer<ReturnType<typeof linkedinConfigSchema>>;

/** The media entry of an article link (`{url, title, description}`) or of an uploaded image or video (`{media: urn:li:digitalmediaAsset:...}`). */
function mediaOf(article: JsonValue | undefined, shareType: LinkedinConfig['shareType']): JsonObject[] {
  if (shareType === 'share') return [];
  const items = Array.isArray(article) ? article : [article];
  return items.flatMap((item) => {
    const object = objectOf(item) ?? {};
    const link = textOf(item, ['url', 'originalUrl', 'media', 'urn']);
    if (link === undefined) return [];
    const entry: JsonObject = { status: 'READY', ...(shareType === 'article' ? { originalUrl: link } : { media: link }) };
    if (typeof object.title === 'string') entry.title = { text: object.title };
    if (typeof object.description === 'string') entry.description = { text: object.description };
    return [entry];
  });
}

/** The body of `POST /v2/ugcPosts`: the text, the article or media of the share type, and the visibility. */
function ugcPostBody(
  author: string,
  content: JsonValue | undefined,
  article: JsonValue | undefined,
  config: Pick<LinkedinConfig, 'visibility' | 'shareType'>,
): JsonObject {
  const media = mediaOf(article ?? objectOf(content)?.article ?? objectOf(content)?.media, config.shareType);
  if (config.shareType !== 'share' && media.length === 0) {
    throw new ActorError(`shareType '${config.shareType}' needs article-in (or the content's article): {url, title, description} or an asset URN`, {
      vendor: 'LinkedIn',
    });
  }
  const share: JsonObject = {
    shareCommentary: { text: textOf(content, ['text', 'commentary', 'content']) ?? JSON.stringify(content ?? null) },
    shareMediaCategory: SHARE_TYPES[config.shareType],
  };
  if (media.length > 0) share.media = media;
  return {
    author,
    lifecycleState: 'PUBLISHED',
    specificContent: { 'com.linkedin.ugc.ShareContent': share },
    visibility: { 'com.linkedin.ugc.MemberNetworkVisibility': VISIBILITY[config.visibility] },
  };
}

/** The author of a share: the organization `companyId`, the `authorUrn`, else the member the token belongs to (`GET /v2/userinfo`). */
async function authorOf(config: LinkedinConfig, read: (request: Omit<VendorCall, 'vendor' | 'headers'>) => Promise<JsonValue>): Promise<string> {
  if (config.companyId !== undefined) return config.companyId.startsWith('urn:') ? config.companyId : `urn:li:organization:${config.companyId}`;
  if (config.authorUrn !== undefined) return config.authorUrn;
  const member = await read({ method: 'GET', url: vendorUrl(config.baseUrl, '/v2/userinfo'), idempotent: true });
  const sub = objectOf(member)?.sub;
  if (typeof sub !== 'string')
    throw new ActorError('LinkedIn did not say whose the token is (no sub in /v2/userinfo): set companyId or authorUrn', { vendor: 'LinkedIn' });
  return `urn:li:person:${sub}`;
}

/**
 * Builds the `tpl_linkedin_post` actor: each `content-in` packet becomes a share (`POST /v2/ugcPosts`, bearer
 * token) by the organization `companyId`, the `authorUrn`, or the member of the token; `article-in` (a control
 * port, kept for later posts) gives the article link or media asset the share type needs. The share `{id,
 * author, visibility, shareType}` goes to `share-out`; when `analytics-out` is connected, its likes and
 * comments are read back (`GET /v2/socialActions/{urn}`).
 */
export function createLinkedinPostActor(options: MessagingActorOptions = {}) {
  return defineActor({
    id: 'tpl_linkedin_post',
    title: 'LinkedIn Post',
    description: 'Shares each content packet on LinkedIn, with an article link or media.',
    inports: {
      'content-in': { type: 'all', required: true, description: 'The text of the post, or {text, article}.' },
      'article-in': {
        type: 'all',
        control: true,
        description:
          'The article {url, title, description} or asset URN of image and video shares, kept for every later post; when fed, posts wait for the first one.',
      },
    },
    outports: {
      'share-out': { type: 'object', description: 'The share: {id, author, visibility, shareType}.' },
      'analytics-out': { type: 'object', description: 'Its social actions, read back once it exists: {id, likes, comments}.' },
    },
    config: linkedinConfigSchema(options),
    effects: 'once',
    fire: async ({ config, inputs, signal, secret, send, isConnected }) => {
      const token = credentialOf(config.accessToken, ['LINKEDIN_ACCESS_TOKEN'], secret) ?? '';
      const context: VendorCallContext = { signal, timeout: config.timeout, retryCount: config.retryCount, options };
      const headers = { authorization: `Bearer ${token}`, 'x-restli-protocol-version': '2.0.0' };
      const call = (request: Omit<VendorCall, 'vendor' | 'headers'>) => callVendor({ ...request, vendor: 'LinkedIn', headers }, context);
      const author = await authorOf(config, async (request) => (await call(request)).body);
      const body = ugcPostBody(author, inputs['content-in'], inputs['article-in'], config);
      const reply = await call({ method: 'POST', url: vendorUrl(config.baseUrl, '/v2/ugcPosts'), json: body });
      const id = reply.headers.get('x-restli-id') ?? textOf(reply.body, ['id']) ?? null;
      await send('share-out', { id, author, visibility: config.visibility, shareType: config.shareType });
      if (!isConnected('analytics-out') || id === null) return;
      const read = await call({ method: 'GET', url: vendorUrl(config.baseUrl, `/v2/socialActions/${encodeURIComponent(id)}`), idempotent: true });
      const actions = objectOf(read.body) ?? {};
      await send('analytics-out', {
        id,
        likes: objectOf(actions.likesSummary)?.totalLikes ?? null,
        comments: objectOf(actions.commentsSummary)?.aggregatedTotalComments ?? null,
      });
    },
  });
}

/** The `tpl_linkedin_post` actor of the catalogue. */
export const linkedinPostActor = createLinkedinPostActor();
