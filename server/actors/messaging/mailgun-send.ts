import { textOf } from './packet-fields';
import { type EmailProviderSend, allRecipients } from './email-provider';
import { type EmailMessage, formatMailbox } from './email-message';
import { providerSetting } from './email-settings';
import { vendorUrl } from './messaging-settings';
import { callVendor } from './vendor-call';

/** Mailgun's public API (US region; EU domains use https://api.eu.mailgun.net as `baseUrl`). */
const MAILGUN_API = 'https://api.mailgun.net';

/** The form of Mailgun's `POST /v3/{domain}/messages`: each recipient a field of its own. */
function mailgunForm(message: EmailMessage): URLSearchParams {
  const form = new URLSearchParams({ from: formatMailbox(message.from), subject: message.subject });
  for (const [field, list] of [
    ['to', message.to],
    ['cc', message.cc],
    ['bcc', message.bcc],
  ] as const) {
    for (const mailbox of list) form.append(field, formatMailbox(mailbox));
  }
  if (message.replyTo !== undefined) form.set('h:Reply-To', formatMailbox(message.replyTo));
  if (message.text !== undefined) form.set('text', message.text);
  if (message.html !== undefined) form.set('html', message.html);
  return form;
}

/** Sends a message through Mailgun's Messages API with HTTP basic auth (`api` and the key); Mailgun answers `{id, message}`. */
export const sendMailgun: EmailProviderSend = async (message, { config, secret, signal, options }) => {
  const key = providerSetting(config, 'apiKey', 'MAILGUN_API_KEY', secret) ?? '';
  const domain = (providerSetting(config, 'mailgunDomain', 'MAILGUN_DOMAIN', secret) ?? '').trim();
  const reply = await callVendor(
    {
      vendor: 'Mailgun',
      method: 'POST',
      url: vendorUrl(config.baseUrl ?? MAILGUN_API, `/v3/${encodeURIComponent(domain)}/messages`),
      headers: { authorization: `Basic ${Buffer.from(`api:${key}`).toString('base64')}` },
      form: mailgunForm(message),
    },
    { signal, timeout: config.timeout, retryCount: config.retryCount, options },
  );
  return { messageId: textOf(reply.body, ['id']) ?? null, accepted: allRecipients(message), rejected: [] };
};
