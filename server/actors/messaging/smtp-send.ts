import { isIP } from 'node:net';
import { createTransport } from 'nodemailer';
import { ActorError, type JsonObject, errorMessage } from '../../engine';
import { DEFAULT_EGRESS } from '../network/network-actor-options';
import { type EmailProviderSend } from './email-provider';
import { formatMailbox } from './email-message';
import { providerSetting } from './email-settings';
import { attemptTimeout } from './messaging-settings';

/** What nodemailer's SMTP errors carry besides their message. */
interface SmtpFailure {
  code?: string;
  responseCode?: number;
  response?: string;
}

function addresses(list: readonly (string | { address: string })[] | undefined): string[] {
  return (list ?? []).map((entry) => (typeof entry === 'string' ? entry : entry.address));
}

/**
 * Sends a message through an SMTP server with nodemailer: the host is resolved and checked by the egress
 * policy and the connection made to the checked address (TLS still verifies the host name), with a login
 * when a user is configured, STARTTLS when the server offers it, every wait bounded by the node's timeout,
 * and the run's cancel closing the connection.
 */
export const sendSmtp: EmailProviderSend = async (message, { config, secret, signal, options }) => {
  const host = (providerSetting(config, 'smtpHost', 'SMTP_HOST', secret) ?? '').trim();
  const user = providerSetting(config, 'smtpUser', 'SMTP_USER', secret);
  const password = providerSetting(config, 'smtpPassword', 'SMTP_PASSWORD', secret);
  const where = `${host}:${config.smtpPort}`;
  const timeout = attemptTimeout(config.timeout, options.maxTimeoutMs);
  let address: string;
  try {
    address = await (options.egress ?? DEFAULT_EGRESS).checkedAddress(host, config.smtpPort);
  } catch (error) {
    throw new ActorError(`SMTP server ${where}: ${errorMessage(error)}`, { provider: 'smtp' });
  }
  const transport = createTransport({
    host: address,
    port: config.smtpPort,
    secure: config.smtpSecure,
    ...(user === undefined ? {} : { auth: { user, pass: password ?? '' } }),
    ...(isIP(host) === 0 ? { tls: { servername: host } } : {}),
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    logger: false,
    debug: false,
  });
  try {
    const info = await transport.sendMail({
      from: formatMailbox(message.from),
      to: message.to.map(formatMailbox),
      cc: message.cc.map(formatMailbox),
      bcc: message.bcc.map(formatMailbox),
      ...(message.replyTo === undefined ? {} : { replyTo: formatMailbox(message.replyTo) }),
      subject: message.subject,
      ...(message.text === undefined ? {} : { text: message.text }),
      ...(message.html === undefined ? {} : { html: message.html }),
      signal,
    });
    return { messageId: info.messageId ?? null, accepted: addresses(info.accepted), rejected: addresses(info.rejected) };
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    const failure = error as SmtpFailure;
    const details: JsonObject = { provider: 'smtp' };
    if (failure.code !== undefined) details.code = failure.code;
    if (failure.responseCode !== undefined) details.responseCode = failure.responseCode;
    // nodemailer says only "Timeout"; the limit is the node's.
    const reason = failure.code === 'ETIMEDOUT' ? `timed out after ${timeout} ms` : errorMessage(error);
    throw new ActorError(`SMTP server ${where} did not take the message: ${reason}`, details);
  } finally {
    transport.close();
  }
};
