import { type PeerAnswer, type PeerRoute, type RecordedRequest, type RecordingPeer, startRecordingPeer } from './recording-peer';

/** The account the Twilio peer serves and the auth token it accepts. */
export const TWILIO_ACCOUNT = { sid: 'ACpeer0123456789abcdef0123456789ab', token: 'peerTwilioAuthToken0123456789abc' } as const;

/** The path of the account's Message resource. */
export const TWILIO_MESSAGES_PATH = `/2010-04-01/Accounts/${TWILIO_ACCOUNT.sid}/Messages.json`;

/** A Twilio error answer: `{code, message, more_info, status}`. */
export function twilioError(status: number, code: number, message: string, headers: Record<string, string> = {}): PeerAnswer {
  return { status, headers, body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status } };
}

function authorized(request: RecordedRequest): boolean {
  return request.headers.authorization === `Basic ${Buffer.from(`${TWILIO_ACCOUNT.sid}:${TWILIO_ACCOUNT.token}`).toString('base64')}`;
}

/**
 * Twilio's Message create: HTTP basic auth with the account SID and token (else 401 code 20003), a form with
 * `To`, `From` or `MessagingServiceSid` and `Body`; a `To` that is no E.164 number gets 400 code 21211, as on
 * Twilio. Answers 201 with the queued message resource.
 */
export const twilioCreateMessage: PeerRoute = (request) => {
  if (!authorized(request)) return twilioError(401, 20003, 'Authenticate');
  const form = new URLSearchParams(request.text);
  const to = form.get('To') ?? '';
  if (!/^\+\d{6,15}$/.test(to)) return twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
  const sid = `SM${to.slice(1).padStart(32, '0')}`;
  return {
    status: 201,
    body: {
      sid,
      account_sid: TWILIO_ACCOUNT.sid,
      to,
      from: form.get('From'),
      messaging_service_sid: form.get('MessagingServiceSid'),
      body: form.get('Body'),
      status: 'queued',
      num_segments: '1',
      num_media: String(form.getAll('MediaUrl').length),
      price: null,
      error_code: null,
      error_message: null,
      date_created: 'Tue, 24 Nov 2026 12:00:00 +0000',
      uri: `/2010-04-01/Accounts/${TWILIO_ACCOUNT.sid}/Messages/${sid}.json`,
    },
  };
};

/** Starts a Twilio REST peer serving {@link TWILIO_MESSAGES_PATH}; `route` replaces its answer. */
export function startTwilioPeer(route: PeerRoute = twilioCreateMessage): Promise<RecordingPeer> {
  return startRecordingPeer({ [`POST ${TWILIO_MESSAGES_PATH}`]: route });
}
