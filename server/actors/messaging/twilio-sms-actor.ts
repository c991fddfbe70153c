import { z } from 'zod';
import { ActorError, type JsonObject, type JsonValue, defineActor } from '../../engine';
import { type NamedSecretLookup, credentialOf, numberSetting, requireCredential, requiredText } from '../shared';
import { type MessagingActorOptions } from './messaging-actor-options';
import { baseUrlSetting, credentialSetting, retrySetting, timeoutSetting, vendorUrl } from './messaging-settings';
import { objectOf, textList, textOf } from './packet-fields';
import { type VendorCallContext, callVendor } from './vendor-call';
import { httpUrlSetting } from './http-url-setting';

/** Twilio's public REST API. */
const TWILIO_API = 'https://api.twilio.com';

function twilioConfigSchema(options: MessagingActorOptions) {
  return z
    .object({
      fromNumber: requiredText('The sender: a Twilio number in E.164 form (+15017122661), a short code, or a Messaging Service SID (MG...)'),
      mediaUrl: httpUrlSetting('The URL of an image to send as MMS; several separated by commas', true),
      statusCallback: httpUrlSetting('The URL Twilio calls with each delivery status of the message'),
      maxPrice: numberSetting('The most a message may cost, in the account currency; a dearer one is not sent', z.number().positive().optional()),
      accountSid: credentialSetting('The Twilio Account SID', 'TWILIO_ACCOUNT_SID'),
      authToken: credentialSetting('The Twilio auth token', 'TWILIO_AUTH_TOKEN'),
      baseUrl: baseUrlSetting('Twilio', TWILIO_API),
      timeout: timeoutSetting(),
      retryCount: retrySetting(),
    })
    .superRefine(requireCredential('accountSid', ['TWILIO_ACCOUNT_SID'], options.secret))
    .superRefine(requireCredential('authToken', ['TWILIO_AUTH_TOKEN'], options.secret));
}

type TwilioConfig = z.infer<ReturnType<typeof twilioConfigSchema>>;

/** The form of one Message resource create: To, the sender, Body and the node's media, callback and price cap. */
function twilioMessageForm(to: string, body: string, config: Pick<TwilioConfig, 'fromNumber' | 'mediaUrl' | 'statusCallback' | 'maxPrice'>): URLSearchParams {
  const form = new URLSearchParams({ To: to, Body: body });
  // A Messaging Service picks the sender itself from its pool.
  form.set(/^MG[0-9a-f]{32}$/i.test(config.fromNumber.trim()) ? 'MessagingServiceSid' : 'From', config.fromNumber.trim());
  for (const url of textList(config.mediaUrl)) form.append('MediaUrl', url);
  if (config.statusCallback !== undefined) form.set('StatusCallback', config.statusCallback);
  if (config.maxPrice !== undefined) form.set('MaxPrice', String(config.maxPrice));
  return form;
}

function basicAuth(config: TwilioConfig, secret: NamedSecretLookup): { sid: string; header: string } {
  const sid = credentialOf(config.accountSid, ['TWILIO_ACCOUNT_SID'], secret) ?? '';
  const token = credentialOf(config.authToken, ['TWILIO_AUTH_TOKEN'], secret) ?? '';
  return { sid, header: `Basic ${Buffer.from(`${sid}:${token}`).toString('base64')}` };
}

async function sendOne(to: string, body: string, config: TwilioConfig, auth: { sid: string; header: string }, context: VendorCallContext): Promise<JsonObject> {
  const url = vendorUrl(config.baseUrl, `/2010-04-01/Accounts/${encodeURIComponent(auth.sid)}/Messages.json`);
  const reply = await callVendor(
    { vendor: 'Twilio', method: 'POST', url, headers: { authorization: auth.header }, form: twilioMessageForm(to, body, config) },
    context,
  );
  return objectOf(reply.body) ?? {};
}

/**
 * Builds the `tpl_twilio_sms` actor: each `message-in` packet is sent as one SMS (MMS with media) to every
 * recipient of `recipients-in` (a control port: the list is kept for later messages) or of the message's own
 * `to`, through Twilio's Message resource with HTTP basic auth. Per recipient, the created message goes to
 * `sent-out` and its status (`queued`, `sent`, `failed`...) to `status-out`. A refusal fails the firing with
 * Twilio's message, naming the messages already sent.
 */
export function createTwilioSmsActor(options: MessagingActorOptions = {}) {
  return defineActor({
    id: 'tpl_twilio_sms',
    title: 'Twilio SMS',
    description: 'Sends each message as an SMS to every recipient through Twilio.',
    inports: {
      'message-in': { type: 'all', required: true, description: 'The text, or {body, to}.' },
      'recipients-in': {
        type: 'all',
        control: true,
        description: 'Phone numbers (a list, or text separated by commas), kept for every later message; when fed, messages wait for the first one.',
      },
    },
    outports: {
      'sent-out': { type: 'object', description: 'One packet per recipient: the created message {sid, to, from, status, body, numSegments, dateCreated}.' },
      'status-out': { type: 'object', description: 'One packet per recipient: {sid, to, status, errorCode, errorMessage}.' },
    },
    config: twilioConfigSchema(options),
    effects: 'once',
    fire: async ({ config, inputs, signal, secret, send }) => {
      const message: JsonValue | undefined = inputs['message-in'];
      const body = textOf(message, ['body', 'text', 'message', 'content']) ?? JSON.stringify(message ?? null);
      const recipients = textList(inputs['recipients-in'] ?? objectOf(message)?.to);
      if (recipients.length === 0) throw new ActorError('No recipient: feed recipients-in or send {body, to}', { vendor: 'Twilio' });
      const auth = basicAuth(config, secret);
      const context = { signal, timeout: config.timeout, retryCount: config.retryCount, options };
      const sent: string[] = [];
      for (const to of recipients) {
        let created: JsonObject;
        try {
          created = await sendOne(to, body, config, auth, context);
        } catch (error) {
          if (!(error instanceof ActorError) || sent.length === 0) throw error;
          throw new ActorError(`${error.message} (sent to ${sent.length} of ${recipients.length} recipients before: ${sent.join(', ')})`, {
            ...error.details,
            sent,
          });
        }
        sent.push(String(created.sid ?? ''));
        await send('sent-out', {
          sid: created.sid ?? null,
          to: created.to ?? to,
          from: created.from ?? null,
          status: created.status ?? null,
          body: created.body ?? body,
          numSegments: created.num_segments ?? null,
          dateCreated: created.date_created ?? null,
        });
        await send('status-out', {
          sid: created.sid ?? null,
          to: created.to ?? to,
          status: created.status ?? null,
          errorCode: created.error_code ?? null,
          errorMessage: created.error_message ?? null,
        });
      }
    },
  });
}

/** The `tpl_twilio_sms` actor of the catalogue. */
export const twilioSmsActor = createTwilioSmsActor();
