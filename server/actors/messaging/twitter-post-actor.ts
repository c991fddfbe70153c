import { z } from 'zod';
import { type JsonObject, type JsonValue, defineActor } from '../../engine';
import { type NamedSecretLookup, booleanSetting, credentialOf, numberSetting, optionalText, requireCredential } from '../shared';
import { type MessagingActorOptions } from './messaging-actor-options';
import { baseUrlSetting, credentialSetting, retrySetting, timeoutSetting, vendorUrl } from './messaging-settings';
import { type OAuth1Credentials, oauth1Header } from './oauth1-header';
import { objectOf, textList, textOf } from './packet-fields';
import { geoOf, geoSetting, pollOptionsOf, pollOptionsSetting } from './twitter-post-settings';
import { type VendorCall, type VendorCallContext, callVendor } from './vendor-call';

/** X's public API. */
const X_API = 'https://api.x.com';

/** The four OAuth 1.0a keys of the template, each a config key of its own or the named secret. */
const KEYS = [
  { key: 'apiKey', secret: 'TWITTER_API_KEY', what: 'The API key (consumer key) of the X app' },
  { key: 'apiSecret', secret: 'TWITTER_API_SECRET', what: 'The API key secret of the X app' },
  { key: 'accessToken', secret: 'TWITTER_ACCESS_TOKEN', what: 'The access token of the account that posts' },
  { key: 'accessSecret', secret: 'TWITTER_ACCESS_SECRET', what: 'The access token secret of the account that posts' },
] as const;

function twitterConfigSchema(options: MessagingActorOptions) {
  return z
    .object({
      replyTo: optionalText('The id of the post this one answers'),
      sensitive: booleanSetting('Mark the attached media as sensitive (X flags media, not text)', false),
      geo: geoSetting(),
      pollOptions: pollOptionsSetting(),
      pollDurationMinutes: numberSetting('How long a poll stays open, in minutes', z.number().int().min(5).max(10_080).default(1440)),
      apiKey: credentialSetting(KEYS[0].what, KEYS[0].secret),
      apiSecret: credentialSetting(KEYS[1].what, KEYS[1].secret),
      accessToken: credentialSetting(KEYS[2].what, KEYS[2].secret),
      accessSecret: credentialSetting(KEYS[3].what, KEYS[3].secret),
      baseUrl: baseUrlSetting('X', X_API),
      timeout: timeoutSetting(),
      retryCount: retrySetting(),
    })
    .superRefine((config, ctx) => {
      for (const { key, secret } of KEYS) requireCredential<typeof config>(key, [secret], options.secret)(config, ctx);
    });
}

type TwitterConfig = z.infer<ReturnType<typeof twitterConfigSchema>>;

function credentialsOf(config: TwitterConfig, secret: NamedSecretLookup): OAuth1Credentials {
  const [consumerKey, consumerSecret, token, tokenSecret] = KEYS.map(({ key, secret: name }) => credentialOf(config[key], [name], secret) ?? '');
  return { consumerKey, consumerSecret, token, tokenSecret };
}

/** The body of `POST /2/tweets`: the text with the reply, media, poll and place the node and the packet ask for. */
function tweetBody(
  content: JsonValue | undefined,
  mediaIds: readonly string[],
  config: Pick<TwitterConfig, 'replyTo' | 'geo' | 'pollOptions' | 'pollDurationMinutes'>,
): JsonObject {
  const object = objectOf(content);
  const body: JsonObject = { text: textOf(content, ['text', 'content', 'message']) ?? JSON.stringify(content ?? null) };
  const replyTo = textOf(object?.reply_to, []) ?? config.replyTo;
  if (replyTo !== undefined) body.reply = { in_reply_to_tweet_id: replyTo };
  if (mediaIds.length > 0) body.media = { media_ids: [...mediaIds] };
  if (config.pollOptions !== undefined) body.poll = { options: pollOptionsOf(config.pollOptions), duration_minutes: config.pollDurationMinutes };
  const geo = config.geo === undefined ? undefined : geoOf(config.geo);
  if (geo !== undefined) body.geo = geo;
  return body;
}

function mediaIdsOf(content: JsonValue | undefined, media: JsonValue | undefined): string[] {
  return textList(objectOf(content)?.media_ids ?? objectOf(media)?.media_ids ?? media);
}

async function signedCall(call: Omit<VendorCall, 'vendor' | 'headers'>, credentials: OAuth1Credentials, context: VendorCallContext) {
  return callVendor({ ...call, vendor: 'X', headers: { authorization: oauth1Header(call.method, call.url, credentials) } }, context);
}

/**
 * Builds the `tpl_twitter_post` actor: each `content-in` packet becomes a post (`POST /2/tweets`, OAuth 1.0a user
 * context), with the media ids of `media-in` (a control port, kept for later posts) or of the packet, a reply,
 * a poll and a place from the node. With `sensitive`, the media are flagged first (`POST /2/media/metadata`).
 * The post `{id, text}` goes to `tweet-out`; when `metrics-out` is connected, its public metrics are read back.
 */
export function createTwitterPostActor(options: MessagingActorOptions = {}) {
  return defineActor({
    id: 'tpl_twitter_post',
    title: 'Twitter/X Post',
    description: 'Posts each content packet to X (Twitter), with media, reply, poll and place.',
    inports: {
      'content-in': { type: 'all', required: true, description: 'The text of the post, or {text, reply_to, media_ids}.' },
      'media-in': {
        type: 'all',
        control: true,
        description:
          'Media ids uploaded to X (a list, text separated by commas, or {media_ids}), kept for every later post; when fed, posts wait for the first one.',
      },
    },
    outports: {
      'tweet-out': { type: 'object', description: 'The post: {id, text}.' },
      'metrics-out': {
        type: 'object',
        description: 'The public metrics of the post, read back once it exists: {id, retweet_count, reply_count, like_count, quote_count, ...}.',
      },
    },
    config: twitterConfigSchema(options),
    effects: 'once',
    fire: async ({ config, inputs, signal, secret, send, isConnected }) => {
      const credentials = credentialsOf(config, secret);
      const context = { signal, timeout: config.timeout, retryCount: config.retryCount, options };
      const mediaIds = mediaIdsOf(inputs['content-in'], inputs['media-in']);
      if (config.sensitive) {
        for (const id of mediaIds) {
          const metadata = { id, metadata: { sensitive_media_warning: { adult_content: false, graphic_violence: false, other: true } } };
          await signedCall({ method: 'POST', url: vendorUrl(config.baseUrl, '/2/media/metadata'), json: metadata }, credentials, context);
        }
      }
      const reply = await signedCall(
        { method: 'POST', url: vendorUrl(config.baseUrl, '/2/tweets'), json: tweetBody(inputs['content-in'], mediaIds, config) },
        credentials,
        context,
      );
      const post = objectOf(objectOf(reply.body)?.data) ?? {};
      await send('tweet-out', { id: post.id ?? null, text: post.text ?? null });
      if (!isConnected('metrics-out') || typeof post.id !== 'string') return;
      const url = vendorUrl(config.baseUrl, `/2/tweets/${encodeURIComponent(post.id)}`, { 'tweet.fields': 'public_metrics' });
      const read = await signedCall({ method: 'GET', url, idempotent: true }, credentials, context);
      const metrics = objectOf(objectOf(objectOf(read.body)?.data)?.public_metrics) ?? {};
      await send('metrics-out', { id: post.id, ...metrics });
    },
  });
}

/** The `tpl_twitter_post` actor of the catalogue. */
export const twitterPostActor = createTwitterPostActor();
