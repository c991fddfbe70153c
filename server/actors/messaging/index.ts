import { type AnyActorDefinition } from '../../engine';
import { createDiscordWebhookActor, discordWebhookActor } from './discord-webhook-actor';
import { createEmailSenderActor, emailSenderActor } from './email-sender-actor';
import { createFacebookPostActor, facebookPostActor } from './facebook-post-actor';
import { createLinkedinPostActor, linkedinPostActor } from './linkedin-post-actor';
import { type MessagingActorOptions } from './messaging-actor-options';
import { createSlackWebhookActor, slackWebhookActor } from './slack-webhook-actor';
import { createTwilioSmsActor, twilioSmsActor } from './twilio-sms-actor';
import { createTwitterPostActor, twitterPostActor } from './twitter-post-actor';

/** The messaging family of the catalogue: e-mail, Slack and Discord webhooks, Twilio SMS, and posts to X, LinkedIn and Facebook. */
export const messagingActors: readonly AnyActorDefinition[] = [
  emailSenderActor,
  slackWebhookActor,
  discordWebhookActor,
  twilioSmsActor,
  twitterPostActor,
  linkedinPostActor,
  facebookPostActor,
];

/** The messaging actors built with the server's egress policy, named secrets and limits, in the order of {@link messagingActors}. */
export function createMessagingActors(options: MessagingActorOptions = {}): AnyActorDefinition[] {
  return [
    createEmailSenderActor(options),
    createSlackWebhookActor(options),
    createDiscordWebhookActor(options),
    createTwilioSmsActor(options),
    createTwitterPostActor(options),
    createLinkedinPostActor(options),
    createFacebookPostActor(options),
  ];
}

export {
  type MessagingActorOptions,
  createEmailSenderActor,
  createSlackWebhookActor,
  createDiscordWebhookActor,
  createTwilioSmsActor,
  createTwitterPostActor,
  createLinkedinPostActor,
  createFacebookPostActor,
};
