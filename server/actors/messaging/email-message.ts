import addressparser from 'nodemailer/lib/addressparser';
import { ActorError, type JsonObject, type JsonValue } from '../../engine';
import { type EmailConfig } from './email-settings';
import { renderTemplate } from './email-template';
import { objectOf, textOf } from './packet-fields';

/** One mailbox: an address and, when known, the name shown with it. */
export interface Mailbox {
  readonly address: string;
  readonly name?: string;
}

/** A message ready for any provider: sender, recipients, subject and a text and/or HTML body. */
export interface EmailMessage {
  readonly from: Mailbox;
  readonly to: readonly Mailbox[];
  readonly cc: readonly Mailbox[];
  readonly bcc: readonly Mailbox[];
  readonly replyTo?: Mailbox;
  readonly subject: string;
  readonly text?: string;
  readonly html?: string;
}

/** The mailboxes of a packet field: `"Ann <ann@example.com>, bob@example.com"`, a list of such texts, or `{email|address, name}` objects. */
function mailboxesOf(value: JsonValue | undefined): Mailbox[] {
  const items = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return items.flatMap((item): Mailbox[] => {
    if (typeof item === 'string') {
      return addressparser(item, { flatten: true }).flatMap((entry) =>
        entry.address ? [entry.name ? { address: entry.address, name: entry.name } : { address: entry.address }] : [],
      );
    }
    const object = objectOf(item);
    const address = textOf(object, ['email', 'address']);
    if (address === undefined) return [];
    const name = textOf(object, ['name']);
    return [name === undefined ? { address } : { address, name }];
  });
}

/** How a mailbox is written in a header: `"Ann" <ann@example.com>` or the bare address. */
export function formatMailbox(mailbox: Mailbox): string {
  return mailbox.name === undefined ? mailbox.address : `"${mailbox.name.replace(/["\\]/g, '\\$&')}" <${mailbox.address}>`;
}

function recipientsOf(content: JsonObject | undefined, recipients: JsonValue | undefined) {
  const list = objectOf(recipients);
  // A recipients packet is either a list of addresses or {to, cc, bcc}; the content's own fields win.
  const field = (name: 'to' | 'cc' | 'bcc'): Mailbox[] =>
    mailboxesOf(content?.[name] ?? (list === undefined ? (name === 'to' ? recipients : undefined) : list[name]));
  return { to: field('to'), cc: field('cc'), bcc: field('bcc') };
}

/**
 * The message of one firing: recipients from the content's `to`/`cc`/`bcc` or `recipients-in`; the body from
 * the content (text, or `{text, html}`) or the node's `body`; subject and body filled by the template engine
 * with the content's `data` (or the content object itself).
 * @throws ActorError when there is no recipient or no body
 */
export function composeEmail(content: JsonValue | undefined, recipients: JsonValue | undefined, config: EmailConfig): EmailMessage {
  const object = objectOf(content);
  const { to, cc, bcc } = recipientsOf(object, recipients);
  if (to.length + cc.length + bcc.length === 0)
    throw new ActorError('No recipient: feed recipients-in or give {to} in content-in', { provider: config.provider });
  const view = objectOf(object?.data) ?? object ?? {};
  const text = typeof content === 'string' ? content : textOf(object, ['text', 'body']);
  const html = textOf(object, ['html']);
  const bodyText = text ?? (html === undefined ? config.body : undefined);
  if (bodyText === undefined && html === undefined)
    throw new ActorError('No body: send text or {text, html} on content-in, or set body', { provider: config.provider });
  const replyTo = mailboxesOf(object?.replyTo)[0];
  const fill = (source: string, what: string, asHtml: boolean): string => {
    try {
      return renderTemplate(config.templateEngine, source, view, asHtml);
    } catch (error) {
      throw new ActorError(
        `The ${what} is not a ${config.templateEngine} template: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`,
        { provider: config.provider },
      );
    }
  };
  return {
    from: config.fromName === undefined ? { address: config.fromEmail.trim() } : { address: config.fromEmail.trim(), name: config.fromName },
    to,
    cc,
    bcc,
    ...(replyTo === undefined ? {} : { replyTo }),
    subject: fill(textOf(object, ['subject']) ?? config.subject, 'subject', false),
    ...(bodyText === undefined ? {} : { text: fill(bodyText, 'text body', false) }),
    ...(html === undefined ? {} : { html: fill(html, 'HTML body', true) }),
  };
}
