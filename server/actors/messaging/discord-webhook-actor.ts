import { z } from 'zod';
import { ActorError, type JsonObject, type JsonValue, defineActor } from '../../engine';
import { booleanSetting, optionalText, requireCredential } from '../shared';
import { type MessagingActorOptions } from './messaging-actor-options';
import { retrySetting, timeoutSetting } from './messaging-settings';
import { objectOf, textOf } from './packet-fields';
import { callVendor } from './vendor-call';
import { webhookUrlOf, webhookUrlSetting } from './webhook-url';
import { httpUrlSetting } from './http-url-setting';

/** The color of an embed as Discord takes it (an integer), from `#5865F2`, `0x5865F2` or `5793266`; undefined when unreadable. */
function embedColorOf(text: string): number | undefined {
  const written = text.trim();
  const hex = /^(?:#|0x)?([0-9a-f]{6})$/i.exec(written);
  const value = /^\d+$/.test(written) ? Number(written) : hex ? parseInt(hex[1], 16) : undefined;
  return value !== undefined && value <= 0xffffff ? value : undefined;
}

function discordConfigSchema(options: MessagingActorOptions) {
  return z
    .object({
      username: optionalText('The name the message is posted under, instead of the one of the webhook'),
      avatarUrl: httpUrlSetting('The URL of the avatar image, instead of the one of the webhook'),
      tts: booleanSetting('Read the message aloud (text-to-speech)', false),
      embedColor: optionalText('The color of embeds that set none, such as #5865F2').superRefine((text, ctx) => {
        if (text !== undefined && embedColorOf(text) === undefined)
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'is not a color: write #RRGGBB or a number up to 16777215' });
      }),
      webhookUrl: webhookUrlSetting('Discord', 'DISCORD_WEBHOOK_URL'),
      timeout: timeoutSetting(),
      retryCount: retrySetting(),
    })
    .superRefine(requireCredential('webhookUrl', ['DISCORD_WEBHOOK_URL'], options.secret));
}

type DiscordConfig = z.infer<ReturnType<typeof discordConfigSchema>>;

function embedsOf(value: JsonValue | undefined): JsonObject[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return list.flatMap((item): JsonObject[] => {
    const object = objectOf(item);
    return object === undefined ? [] : [object];
  });
}

/** The Discord execute-webhook body of a message and the embeds of `embed-in`, with the node's name, avatar, voice and color. */
function discordPayload(
  message: JsonValue | undefined,
  embed: JsonValue | undefined,
  config: Pick<DiscordConfig, 'username' | 'avatarUrl' | 'tts' | 'embedColor'>,
): JsonObject {
  const object = objectOf(message);
  const content = textOf(message, ['content', 'text', 'message']) ?? (object === undefined ? JSON.stringify(message ?? null) : undefined);
  const color = config.embedColor === undefined ? undefined : embedColorOf(config.embedColor);
  const embeds = embedsOf(object?.embeds ?? embed).map((item) => (item.color === undefined && color !== undefined ? { ...item, color } : item));
  if (content === undefined && embeds.length === 0)
    throw new ActorError('The message has neither content nor embeds: send text, {content} or {embeds}', { vendor: 'Discord' });
  const payload: JsonObject = { tts: config.tts };
  if (content !== undefined) payload.content = content;
  if (embeds.length > 0) payload.embeds = embeds;
  if (config.username !== undefined) payload.username = config.username;
  if (config.avatarUrl !== undefined) payload.avatar_url = config.avatarUrl;
  return payload;
}

/**
 * Builds the `tpl_discord_webhook` actor: each `message-in` packet is posted to the Discord webhook with the
 * embeds of `embed-in` (a control port: kept for later messages), and Discord's message `{id, channelId,
 * content, timestamp}` is sent on `sent-out`. Discord's refusals fail the firing with its message.
 */
export function createDiscordWebhookActor(options: MessagingActorOptions = {}) {
  return defineActor({
    id: 'tpl_discord_webhook',
    title: 'Discord Webhook',
    description: 'Posts each message, with embeds, to a Discord webhook.',
    inports: {
      'message-in': { type: 'all', required: true, description: 'The message: text, or {content, embeds}.' },
      'embed-in': {
        type: 'all',
        control: true,
        description: 'An embed object or a list of them, kept for every later message; when fed, messages wait for the first one.',
      },
    },
    outports: { 'sent-out': { type: 'object', description: 'The posted message: {id, channelId, content, timestamp}.' } },
    config: discordConfigSchema(options),
    effects: 'once',
    fire: async ({ config, inputs, signal, secret, send }) => {
      const url = webhookUrlOf(config.webhookUrl, 'DISCORD_WEBHOOK_URL', secret);
      // wait=true makes Discord answer with the message it created instead of 204.
      url.searchParams.set('wait', 'true');
      const payload = discordPayload(inputs['message-in'], inputs['embed-in'], config);
      const reply = await callVendor(
        { vendor: 'Discord', method: 'POST', url, json: payload, target: `the webhook at ${url.origin}` },
        { signal, timeout: config.timeout, retryCount: config.retryCount, options },
      );
      const posted = objectOf(reply.body) ?? {};
      await send('sent-out', {
        id: posted.id ?? null,
        channelId: posted.channel_id ?? null,
        content: posted.content ?? payload.content ?? null,
        timestamp: posted.timestamp ?? null,
      });
    },
  });
}

/** The `tpl_discord_webhook` actor of the catalogue. */
export const discordWebhookActor = createDiscordWebhookActor();
