import { z } from 'zod';
import { ActorError, type JsonObject, type JsonValue, defineActor, errorOutPort } from '../../engine';
import { choiceSetting, optionalText, requireCredential, requiredText } from '../shared';
import { type MessagingActorOptions } from './messaging-actor-options';
import { retrySetting, timeoutSetting } from './messaging-settings';
import { objectOf, textOf } from './packet-fields';
import { callVendor } from './vendor-call';
import { webhookUrlOf, webhookUrlSetting } from './webhook-url';

const MESSAGE_TYPES = ['plain', 'markdown', 'blocks'] as const;

/** The `tpl_slack_webhook` configuration: the template's properties, then the webhook URL, timeout and retries of our own. */
function slackConfigSchema(options: MessagingActorOptions) {
  return z
    .object({
      channel: requiredText('The channel to post in, such as #alerts (a webhook made for one channel may keep its own)'),
      username: requiredText('The name the message is posted under'),
      iconEmoji: optionalText('The icon: an emoji such as :robot_face:, or the URL of an image'),
      messageType: choiceSetting('How message-in is read: plain text, Slack markdown (mrkdwn), or Block Kit blocks', MESSAGE_TYPES, 'markdown'),
      webhookUrl: webhookUrlSetting('Slack incoming', 'SLACK_WEBHOOK_URL'),
      timeout: timeoutSetting(),
      retryCount: retrySetting(),
    })
    .superRefine(requireCredential('webhookUrl', ['SLACK_WEBHOOK_URL'], options.secret));
}

type SlackConfig = z.infer<ReturnType<typeof slackConfigSchema>>;

function blocksOf(message: JsonValue | undefined): JsonValue[] | undefined {
  const value = typeof message === 'string' ? parseJson(message) : message;
  if (Array.isArray(value)) return value;
  const blocks = objectOf(value)?.blocks;
  return Array.isArray(blocks) ? blocks : undefined;
}

function parseJson(text: string): JsonValue | undefined {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return undefined;
  }
}

function iconOf(icon: string | undefined): JsonObject {
  if (icon === undefined) return {};
  const text = icon.trim();
  if (/^https?:\/\//i.test(text)) return { icon_url: text };
  return { icon_emoji: `:${text.replace(/^:|:$/g, '')}:` };
}

/** The Slack message of a packet: its text (or blocks), with the node's channel, name and icon. */
function slackPayload(message: JsonValue | undefined, config: Omit<SlackConfig, 'webhookUrl' | 'timeout' | 'retryCount'>): JsonObject {
  const text = textOf(message, ['text', 'message', 'content']);
  const attachments = objectOf(message)?.attachments;
  const payload: JsonObject = { channel: config.channel, username: config.username, ...iconOf(config.iconEmoji) };
  if (Array.isArray(attachments)) payload.attachments = attachments;
  if (config.messageType === 'blocks') {
    const blocks = blocksOf(message);
    if (blocks === undefined)
      throw new ActorError("messageType 'blocks' needs message-in to be a list of Block Kit blocks or {blocks, text}", { vendor: 'Slack' });
    return { ...payload, blocks, ...(text === undefined || Array.isArray(message) ? {} : { text }) };
  }
  return { ...payload, text: text ?? JSON.stringify(message ?? null), mrkdwn: config.messageType === 'markdown' };
}

/**
 * Builds the `tpl_slack_webhook` actor: each `message-in` packet is posted to the Slack incoming webhook; Slack's
 * `ok` sends `{ok, channel, text}` on `sent-out`. A refusal (404 `no_service`, 400 `invalid_payload`, 429 after
 * the retries) fails the firing with Slack's words, which the engine routes to `error-out` when it is connected.
 */
export function createSlackWebhookActor(options: MessagingActorOptions = {}) {
  return defineActor({
    id: 'tpl_slack_webhook',
    title: 'Slack Webhook',
    description: 'Posts each message to a Slack incoming webhook.',
    inports: { 'message-in': { type: 'all', required: true, description: 'The message: text, {text, attachments}, or blocks when messageType is blocks.' } },
    outports: {
      'sent-out': { type: 'object', description: 'Slack took the message: {ok, channel, text}.' },
      ...errorOutPort('when Slack refuses the message or cannot be reached'),
    },
    config: slackConfigSchema(options),
    effects: 'once',
    fire: async ({ config, inputs, signal, secret, send }) => {
      const url = webhookUrlOf(config.webhookUrl, 'SLACK_WEBHOOK_URL', secret);
      const payload = slackPayload(inputs['message-in'], config);
      await callVendor(
        { vendor: 'Slack', method: 'POST', url, json: payload, target: `the webhook at ${url.origin}` },
        { signal, timeout: config.timeout, retryCount: config.retryCount, options },
      );
      await send('sent-out', { ok: true, channel: config.channel, text: typeof payload.text === 'string' ? payload.text : null });
    },
  });
}

/** The `tpl_slack_webhook` actor of the catalogue. */
export const slackWebhookActor = createSlackWebhookActor();
