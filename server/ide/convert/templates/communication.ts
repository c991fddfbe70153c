import { type IdeTemplate } from './ide-template';
import { optional, required } from './template-property';

/** The IDE's communication templates (`communication.ts`): e-mail, chat webhooks, social posts, SMS. */
export const communicationTemplates: readonly IdeTemplate[] = [
  {
    id: 'tpl_email_sender',
    type: 'communication',
    title: 'Email Sender',
    inputs: ['content-in', 'recipients-in'],
    outputs: ['sent-out', 'failed-out'],
    properties: {
      provider: optional('select', 'smtp'),
      subject: required('text'),
      fromEmail: required('text'),
      fromName: optional('text'),
      templateEngine: optional('select', 'none'),
    },
    requiredEnvVars: ['SMTP_HOST', 'SMTP_USER', 'SMTP_PASSWORD'],
  },
  {
    id: 'tpl_discord_webhook',
    type: 'communication',
    title: 'Discord Webhook',
    inputs: ['message-in', 'embed-in'],
    outputs: ['sent-out'],
    properties: {
      username: optional('text'),
      avatarUrl: optional('text'),
      tts: optional('boolean', false),
      embedColor: optional('text'),
    },
    requiredEnvVars: ['DISCORD_WEBHOOK_URL'],
  },
  {
    id: 'tpl_facebook_post',
    type: 'social',
    title: 'Facebook Post',
    inputs: ['content-in', 'media-in'],
    outputs: ['post-out', 'insights-out'],
    properties: {
      pageId: required('text'),
      scheduling: optional('boolean', false),
      publishTime: optional('text'),
      targeting: optional('textarea'),
    },
    requiredEnvVars: ['FACEBOOK_ACCESS_TOKEN'],
  },
  {
    id: 'tpl_linkedin_post',
    type: 'social',
    title: 'LinkedIn Post',
    inputs: ['content-in', 'article-in'],
    outputs: ['share-out', 'analytics-out'],
    properties: {
      visibility: optional('select', 'anyone'),
      shareType: optional('select', 'share'),
      companyId: optional('text'),
    },
    requiredEnvVars: ['LINKEDIN_ACCESS_TOKEN'],
  },
  {
    id: 'tpl_slack_webhook',
    type: 'communication',
    title: 'Slack Webhook',
    inputs: ['message-in'],
    outputs: ['sent-out', 'error-out'],
    properties: {
      channel: required('text'),
      username: required('text'),
      iconEmoji: optional('text'),
      messageType: optional('select', 'markdown'),
    },
    requiredEnvVars: ['SLACK_WEBHOOK_URL'],
  },
  {
    id: 'tpl_twitter_post',
    type: 'social',
    title: 'Twitter/X Post',
    inputs: ['content-in', 'media-in'],
    outputs: ['tweet-out', 'metrics-out'],
    properties: {
      replyTo: optional('text'),
      sensitive: optional('boolean', false),
      geo: optional('textarea'),
      pollOptions: optional('textarea'),
    },
    requiredEnvVars: ['TWITTER_API_KEY', 'TWITTER_API_SECRET', 'TWITTER_ACCESS_TOKEN', 'TWITTER_ACCESS_SECRET'],
  },
  {
    id: 'tpl_twilio_sms',
    type: 'communication',
    title: 'Twilio SMS',
    inputs: ['message-in', 'recipients-in'],
    outputs: ['sent-out', 'status-out'],
    properties: {
      fromNumber: required('text'),
      mediaUrl: optional('text'),
      statusCallback: optional('text'),
      maxPrice: optional('number'),
    },
    requiredEnvVars: ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN'],
  },
];
