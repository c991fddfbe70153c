import { type NamedSecretLookup } from '../shared';
import { type EmailMessage } from './email-message';
import { type EmailConfig } from './email-settings';
import { type MessagingActorOptions } from './messaging-actor-options';

/** What a provider answered for a message it took. */
interface EmailReceipt {
  /** The provider's id of the message, when it gives one. */
  readonly messageId: string | null;
  /** The recipients it took. */
  readonly accepted: readonly string[];
  /** The recipients it refused while taking the message for the others (SMTP only). */
  readonly rejected: readonly string[];
}

/** What a firing hands a provider besides the message: the node's settings, its secrets, its signal and the server's options. */
interface EmailSendContext {
  readonly config: EmailConfig;
  readonly secret: NamedSecretLookup;
  readonly signal: AbortSignal;
  readonly options: MessagingActorOptions;
}

/**
 * Sends one message through one provider.
 * @throws ActorError with the provider's reason when it refuses the message or cannot be reached
 */
export type EmailProviderSend = (message: EmailMessage, context: EmailSendContext) => Promise<EmailReceipt>;

/** Every address a message goes to, for the receipt of a provider that accepts all or none. */
export function allRecipients(message: EmailMessage): string[] {
  return [...message.to, ...message.cc, ...message.bcc].map((mailbox) => mailbox.address);
}
