import { type JsonObject } from '../../engine';
import { type EmailProviderSend, allRecipients } from './email-provider';
import { type EmailMessage, type Mailbox } from './email-message';
import { providerSetting } from './email-settings';
import { vendorUrl } from './messaging-settings';
import { callVendor } from './vendor-call';

/** SendGrid's public API. */
const SENDGRID_API = 'https://api.sendgrid.com';

function email(mailbox: Mailbox): JsonObject {
  return mailbox.name === undefined ? { email: mailbox.address } : { email: mailbox.address, name: mailbox.name };
}

/** The body of SendGrid's `POST /v3/mail/send`: one personalization with every recipient, the text part before the HTML one as SendGrid requires. */
function sendgridBody(message: EmailMessage): JsonObject {
  const personalization: JsonObject = { to: message.to.map(email) };
  if (message.cc.length > 0) personalization.cc = message.cc.map(email);
  if (message.bcc.length > 0) personalization.bcc = message.bcc.map(email);
  const content: JsonObject[] = [];
  if (message.text !== undefined) content.push({ type: 'text/plain', value: message.text });
  if (message.html !== undefined) content.push({ type: 'text/html', value: message.html });
  return {
    personalizations: [personalization],
    from: email(message.from),
    ...(message.replyTo === undefined ? {} : { reply_to: email(message.replyTo) }),
    subject: message.subject,
    content,
  };
}

/** Sends a message through SendGrid's v3 Mail Send API with a bearer API key; SendGrid answers 202 and the id in `X-Message-Id`. */
export const sendSendgrid: EmailProviderSend = async (message, { config, secret, signal, options }) => {
  const key = providerSetting(config, 'apiKey', 'SENDGRID_API_KEY', secret) ?? '';
  const reply = await callVendor(
    {
      vendor: 'SendGrid',
      method: 'POST',
      url: vendorUrl(config.baseUrl ?? SENDGRID_API, '/v3/mail/send'),
      headers: { authorization: `Bearer ${key}` },
      json: sendgridBody(message),
    },
    { signal, timeout: config.timeout, retryCount: config.retryCount, options },
  );
  return { messageId: reply.headers.get('x-message-id'), accepted: allRecipients(message), rejected: [] };
};
