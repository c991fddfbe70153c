import { Hash } from '@smithy/hash-node';
import { SignatureV4 } from '@smithy/signature-v4';
import { type JsonObject } from '../../engine';
import { type EmailProviderSend, allRecipients } from './email-provider';
import { type EmailMessage, formatMailbox } from './email-message';
import { providerSetting } from './email-settings';
import { vendorUrl } from './messaging-settings';
import { textOf } from './packet-fields';
import { callVendor } from './vendor-call';

/** The SES v2 API of a region. */
function sesApi(region: string): string {
  return `https://email.${region}.amazonaws.com`;
}

function part(data: string): JsonObject {
  return { Data: data, Charset: 'UTF-8' };
}

/** The body of the SES v2 `SendEmail` call (`POST /v2/email/outbound-emails`) for a simple message. */
function sesBody(message: EmailMessage): JsonObject {
  const body: JsonObject = {};
  if (message.text !== undefined) body.Text = part(message.text);
  if (message.html !== undefined) body.Html = part(message.html);
  return {
    FromEmailAddress: formatMailbox(message.from),
    Destination: { ToAddresses: message.to.map(formatMailbox), CcAddresses: message.cc.map(formatMailbox), BccAddresses: message.bcc.map(formatMailbox) },
    ...(message.replyTo === undefined ? {} : { ReplyToAddresses: [formatMailbox(message.replyTo)] }),
    Content: { Simple: { Subject: part(message.subject), Body: body } },
  };
}

/**
 * Sends a message through Amazon SES v2 `SendEmail`, signed with AWS Signature Version 4 (AWS's own signer)
 * for the host actually called, so that a `baseUrl` pointing elsewhere is signed for that host; a session
 * token (`AWS_SESSION_TOKEN`) is added when configured. SES answers `{MessageId}`.
 */
export const sendSes: EmailProviderSend = async (message, { config, secret, signal, options }) => {
  const region = (providerSetting(config, 'awsRegion', 'AWS_REGION', secret) ?? '').trim();
  const sessionToken = secret('AWS_SESSION_TOKEN');
  const signer = new SignatureV4({
    service: 'ses',
    region,
    credentials: {
      accessKeyId: providerSetting(config, 'awsAccessKeyId', 'AWS_ACCESS_KEY_ID', secret) ?? '',
      secretAccessKey: providerSetting(config, 'awsSecretAccessKey', 'AWS_SECRET_ACCESS_KEY', secret) ?? '',
      ...(sessionToken === undefined ? {} : { sessionToken }),
    },
    sha256: Hash.bind(null, 'sha256'),
  });
  const url = vendorUrl(config.baseUrl ?? sesApi(region), '/v2/email/outbound-emails');
  const json = sesBody(message);
  // callVendor sends JSON.stringify of the same value, so the signed body is the body sent.
  const signed = await signer.sign({
    method: 'POST',
    protocol: url.protocol,
    hostname: url.hostname,
    ...(url.port === '' ? {} : { port: Number(url.port) }),
    path: url.pathname,
    query: {},
    headers: { host: url.host, 'content-type': 'application/json' },
    body: JSON.stringify(json),
  });
  // fetch writes the Host header itself, from the same URL.
  const { host: _host, ...headers } = signed.headers;
  const reply = await callVendor(
    { vendor: 'Amazon SES', method: 'POST', url, headers, json },
    { signal, timeout: config.timeout, retryCount: config.retryCount, options },
  );
  return { messageId: textOf(reply.body, ['MessageId']) ?? null, accepted: allRecipients(message), rejected: [] };
};
