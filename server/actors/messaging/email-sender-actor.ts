import { ActorError, type JsonObject, defineActor, errorMessage } from '../../engine';
import { type EmailProviderSend } from './email-provider';
import { type EmailMessage, composeEmail } from './email-message';
import { type EmailProvider, emailConfigSchema } from './email-settings';
import { sendMailgun } from './mailgun-send';
import { type MessagingActorOptions } from './messaging-actor-options';
import { sendSendgrid } from './sendgrid-send';
import { sendSes } from './ses-send';
import { sendSmtp } from './smtp-send';

const PROVIDERS: Readonly<Record<EmailProvider, EmailProviderSend>> = { smtp: sendSmtp, sendgrid: sendSendgrid, mailgun: sendMailgun, ses: sendSes };

function addressesOf(message: EmailMessage | undefined): string[] {
  return message === undefined ? [] : message.to.map((mailbox) => mailbox.address);
}

/**
 * Builds the `tpl_email_sender` actor: each `content-in` packet is sent as one message to the recipients of
 * `recipients-in` (a control port: the list is kept for later messages) or of the content's own `to`/`cc`/`bcc`,
 * through an SMTP server (nodemailer) or the SendGrid, Mailgun or Amazon SES API. A sent message gives
 * `{provider, messageId, to, accepted, rejected, subject}` on `sent-out`; a refused one gives `{provider,
 * message, to, subject, ...}` on `failed-out` when it is connected, and fails the firing otherwise.
 */
export function createEmailSenderActor(options: MessagingActorOptions = {}) {
  return defineActor({
    id: 'tpl_email_sender',
    title: 'Email Sender',
    description: 'Sends each content packet as an e-mail through SMTP, SendGrid, Mailgun or Amazon SES.',
    inports: {
      'content-in': {
        type: 'all',
        required: true,
        description: 'The body as text, or {text, html, subject, to, cc, bcc, replyTo, data}; data (else the object) fills the templates.',
      },
      'recipients-in': {
        type: 'all',
        control: true,
        description:
          'The recipients: addresses (a list, or text separated by commas) or {to, cc, bcc}, kept for every later message; when fed, messages wait for the first one.',
      },
    },
    outports: {
      'sent-out': { type: 'object', description: 'The sent message: {provider, messageId, to, accepted, rejected, subject}.' },
      'failed-out': { type: 'object', description: 'A message the provider refused or could not be sent: {provider, message, to, subject, status?, code?}.' },
    },
    config: emailConfigSchema(options),
    effects: 'once',
    fire: async ({ config, inputs, signal, secret, send, isConnected }) => {
      let message: EmailMessage | undefined;
      try {
        message = composeEmail(inputs['content-in'], inputs['recipients-in'], config);
        const receipt = await PROVIDERS[config.provider](message, { config, secret, signal, options });
        await send('sent-out', {
          provider: config.provider,
          messageId: receipt.messageId,
          to: addressesOf(message),
          accepted: [...receipt.accepted],
          rejected: [...receipt.rejected],
          subject: message.subject,
        });
      } catch (error) {
        if (signal.aborted || !isConnected('failed-out')) throw error;
        const details: JsonObject = error instanceof ActorError ? error.details : {};
        await send('failed-out', {
          ...details,
          provider: config.provider,
          message: errorMessage(error),
          to: addressesOf(message),
          subject: message?.subject ?? config.subject,
        });
      }
    },
  });
}

/** The `tpl_email_sender` actor of the catalogue. */
export const emailSenderActor = createEmailSenderActor();
