import { z } from 'zod';
import { type NamedSecretLookup, booleanSetting, choiceSetting, credentialOf, numberSetting, optionalText, requireCredential, requiredText } from '../shared';
import { httpUrlProblem } from '../network/http-url';
import { type MessagingActorOptions } from './messaging-actor-options';
import { credentialSetting, retrySetting, timeoutSetting } from './messaging-settings';
import { TEMPLATE_ENGINES, templateProblem } from './email-template';

/** The providers of the `provider` select. */
const EMAIL_PROVIDERS = ['smtp', 'sendgrid', 'mailgun', 'ses'] as const;

/** One of {@link EMAIL_PROVIDERS}. */
export type EmailProvider = (typeof EMAIL_PROVIDERS)[number];

/** The keys each provider needs, each with the named secret used when the key is unset. */
const PROVIDER_KEYS: Readonly<Record<EmailProvider, readonly (readonly [key: string, secret: string])[]>> = {
  smtp: [['smtpHost', 'SMTP_HOST']],
  sendgrid: [['apiKey', 'SENDGRID_API_KEY']],
  mailgun: [
    ['apiKey', 'MAILGUN_API_KEY'],
    ['mailgunDomain', 'MAILGUN_DOMAIN'],
  ],
  ses: [
    ['awsAccessKeyId', 'AWS_ACCESS_KEY_ID'],
    ['awsSecretAccessKey', 'AWS_SECRET_ACCESS_KEY'],
    ['awsRegion', 'AWS_REGION'],
  ],
};

const optionalUrl = optionalText('Base URL of the provider API (SendGrid, Mailgun, SES); unset uses its public API (for SES, the one of awsRegion)')
  .transform((text) => text?.trim().replace(/\/+$/, ''))
  .superRefine((text, ctx) => {
    if (text === undefined || text.includes('${')) return;
    const problem = httpUrlProblem(text);
    if (problem !== undefined) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
  });

/** The `tpl_email_sender` configuration: the template's properties, then the provider settings of our own. */
export function emailConfigSchema(options: MessagingActorOptions) {
  return z
    .object({
      provider: choiceSetting('How the mail is sent: an SMTP server, or the SendGrid, Mailgun or Amazon SES API', EMAIL_PROVIDERS, 'smtp'),
      subject: requiredText('The subject; a template when templateEngine is set'),
      fromEmail: requiredText('The sender address').refine((text) => text.includes('@'), 'is not an e-mail address'),
      fromName: optionalText('The sender name shown beside the address'),
      templateEngine: choiceSetting(
        'Fill the subject and body with the values of content-in (handlebars or mustache), or send them as written',
        TEMPLATE_ENGINES,
        'none',
      ),
      body: optionalText('The body when content-in gives no text or html; a template when templateEngine is set'),
      smtpHost: credentialSetting('The SMTP server host', 'SMTP_HOST'),
      smtpPort: numberSetting('The SMTP server port', z.number().int().min(1).max(65_535).default(587)),
      smtpSecure: booleanSetting('Speak TLS from the start (port 465); otherwise STARTTLS is used when the server offers it', false),
      smtpUser: credentialSetting('The SMTP user; no login when neither it nor the secret is set', 'SMTP_USER'),
      smtpPassword: credentialSetting('The SMTP password', 'SMTP_PASSWORD'),
      apiKey: optionalText('The SendGrid or Mailgun API key, usually written as ${secret:NAME}; when unset, the secret SENDGRID_API_KEY or MAILGUN_API_KEY'),
      mailgunDomain: credentialSetting('The Mailgun sending domain', 'MAILGUN_DOMAIN'),
      awsRegion: credentialSetting('The AWS region of SES, such as eu-west-1', 'AWS_REGION'),
      awsAccessKeyId: credentialSetting('The AWS access key id', 'AWS_ACCESS_KEY_ID'),
      awsSecretAccessKey: credentialSetting('The AWS secret access key', 'AWS_SECRET_ACCESS_KEY'),
      baseUrl: optionalUrl,
      timeout: timeoutSetting(),
      retryCount: retrySetting(),
    })
    .superRefine((config, ctx) => {
      for (const [key, secret] of PROVIDER_KEYS[config.provider])
        requireCredential<typeof config>(key as keyof typeof config & string, [secret], options.secret)(config, ctx);
      for (const key of ['subject', 'body'] as const) {
        const source = config[key];
        const problem = source === undefined ? undefined : templateProblem(config.templateEngine, source);
        if (problem !== undefined) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [key], message: problem });
      }
    });
}

/** The parsed configuration of an e-mail node. */
export type EmailConfig = z.infer<ReturnType<typeof emailConfigSchema>>;

/** A provider setting as a firing uses it: the node's key as resolved, else its named secret. */
export function providerSetting(config: EmailConfig, key: keyof EmailConfig & string, secretName: string, secret: NamedSecretLookup): string | undefined {
  const value = config[key];
  return credentialOf(typeof value === 'string' ? value : undefined, [secretName], secret);
}
