import { z } from 'zod';
import { type JsonObject, type JsonValue, defineActor } from '../../engine';
import { booleanSetting, credentialOf, jsonObjectSetting, listSetting, optionalText, requireCredential, requiredText } from '../shared';
import { type MessagingActorOptions } from './messaging-actor-options';
import { baseUrlSetting, credentialSetting, retrySetting, timeoutSetting, vendorUrl } from './messaging-settings';
import { objectOf, textOf } from './packet-fields';
import { type VendorCall, type VendorCallContext, callVendor } from './vendor-call';

/** The Graph API, at the version this actor was written against; `baseUrl` names another version or a proxy. */
const GRAPH_API = 'https://graph.facebook.com/v21.0';

/** Seconds since the epoch of a `publishTime` written as an ISO date and time or as epoch seconds; undefined when unreadable. */
function publishSeconds(text: string): number | undefined {
  const written = text.trim();
  const seconds = /^\d+$/.test(written) ? Number(written) : Math.floor(Date.parse(written) / 1000);
  return Number.isFinite(seconds) ? seconds : undefined;
}

function facebookConfigSchema(options: MessagingActorOptions) {
  return z
    .object({
      pageId: requiredText('The id of the Page that posts'),
      scheduling: booleanSetting('Schedule the post for publishTime instead of publishing it now', false),
      publishTime: optionalText('When a scheduled post goes out: an ISO date and time (2026-12-01T09:00:00Z) or epoch seconds, 10 minutes to 30 days ahead'),
      targeting: jsonObjectSetting('Who sees the post, as the Graph API targeting object, such as {"geo_locations": {"countries": ["DE"]}}'),
      insightMetrics: listSetting('The Page post insights read back for insights-out', ['post_impressions', 'post_impressions_unique', 'post_clicks']),
      accessToken: credentialSetting('The Page access token', 'FACEBOOK_ACCESS_TOKEN'),
      baseUrl: baseUrlSetting('Facebook Graph', GRAPH_API),
      timeout: timeoutSetting(),
      retryCount: retrySetting(),
    })
    .superRefine(requireCredential('accessToken', ['FACEBOOK_ACCESS_TOKEN'], options.secret))
    .superRefine((config, ctx) => {
      if (!config.scheduling) return;
      if (config.publishTime === undefined) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['publishTime'], message: 'is required when scheduling is on' });
      else if (!config.publishTime.includes('${') && publishSeconds(config.publishTime) === undefined) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['publishTime'], message: 'is neither an ISO date and time nor epoch seconds' });
      }
    });
}

type FacebookConfig = z.infer<ReturnType<typeof facebookConfigSchema>>;

/** The Graph API call of a post: `/{page}/photos` with the image of `media-in`, else `/{page}/feed`, published now or scheduled. */
function pagePostCall(
  content: JsonValue | undefined,
  media: JsonValue | undefined,
  config: Pick<FacebookConfig, 'pageId' | 'scheduling' | 'publishTime' | 'targeting' | 'baseUrl'>,
): { url: URL; json: JsonObject } {
  const message = textOf(content, ['message', 'text', 'content']) ?? JSON.stringify(content ?? null);
  const link = textOf(objectOf(content)?.link, []);
  const image = textOf(media, ['url', 'image', 'imageUrl']);
  const json: JsonObject = { published: !config.scheduling };
  if (config.scheduling && config.publishTime !== undefined) json.scheduled_publish_time = publishSeconds(config.publishTime) ?? null;
  if (config.targeting !== undefined) json.targeting = config.targeting as JsonObject;
  const page = encodeURIComponent(config.pageId.trim());
  if (image !== undefined)
    return { url: vendorUrl(config.baseUrl, `/${page}/photos`), json: { ...json, url: image, caption: textOf(media, ['caption']) ?? message } };
  return { url: vendorUrl(config.baseUrl, `/${page}/feed`), json: { ...json, message, ...(link === undefined ? {} : { link }) } };
}

function insightValues(body: JsonValue): JsonObject {
  const data = objectOf(body)?.data;
  const metrics: JsonObject = {};
  for (const entry of Array.isArray(data) ? data : []) {
    const metric = objectOf(entry);
    const values = metric?.values;
    if (typeof metric?.name === 'string' && Array.isArray(values)) metrics[metric.name] = objectOf(values.at(-1))?.value ?? null;
  }
  return metrics;
}

/**
 * Builds the `tpl_facebook_post` actor: each `content-in` packet becomes a Page post through the Graph API
 * (bearer Page token), a photo post when `media-in` (a control port, kept for later posts) gives an image
 * URL, published now or scheduled for `publishTime`, with the node's targeting. The post `{id, pageId,
 * scheduled, publishTime}` goes to `post-out`; when `insights-out` is connected and the post is published,
 * its insights are read back.
 */
export function createFacebookPostActor(options: MessagingActorOptions = {}) {
  return defineActor({
    id: 'tpl_facebook_post',
    title: 'Facebook Post',
    description: 'Posts each content packet on a Facebook Page, now or scheduled, with a photo or link.',
    inports: {
      'content-in': { type: 'all', required: true, description: 'The message, or {message, link}.' },
      'media-in': {
        type: 'all',
        control: true,
        description: 'An image URL or {url, caption}, kept for every later post; when fed, posts wait for the first one.',
      },
    },
    outports: {
      'post-out': { type: 'object', description: 'The post: {id, pageId, scheduled, publishTime}.' },
      'insights-out': { type: 'object', description: 'Its insights, read back once it is published: {id, metrics: {name: value}}.' },
    },
    config: facebookConfigSchema(options),
    effects: 'once',
    fire: async ({ config, inputs, signal, secret, send, isConnected }) => {
      const token = credentialOf(config.accessToken, ['FACEBOOK_ACCESS_TOKEN'], secret) ?? '';
      const context: VendorCallContext = { signal, timeout: config.timeout, retryCount: config.retryCount, options };
      const call = (request: Omit<VendorCall, 'vendor' | 'headers'>) =>
        callVendor({ ...request, vendor: 'Facebook', headers: { authorization: `Bearer ${token}` } }, context);
      const post = pagePostCall(inputs['content-in'], inputs['media-in'], config);
      const reply = objectOf((await call({ method: 'POST', ...post })).body) ?? {};
      // A photo post answers the photo's id and the post's id; the post is what insights and links name.
      const id = textOf(reply.post_id ?? reply.id, []) ?? null;
      const scheduled = post.json.scheduled_publish_time;
      await send('post-out', {
        id,
        pageId: config.pageId,
        scheduled: config.scheduling,
        publishTime: typeof scheduled === 'number' ? new Date(scheduled * 1000).toISOString() : null,
      });
      if (!isConnected('insights-out') || config.scheduling || id === null) return;
      const read = await call({
        method: 'GET',
        url: vendorUrl(config.baseUrl, `/${encodeURIComponent(id)}/insights`, { metric: config.insightMetrics.join(',') }),
        idempotent: true,
      });
      await send('insights-out', { id, metrics: insightValues(read.body) });
    },
  });
}

/** The `tpl_facebook_post` actor of the catalogue. */
export const facebookPostActor = createFacebookPostActor();
