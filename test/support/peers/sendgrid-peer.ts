import { type PeerAnswer, type PeerRoute, type RecordingPeer, startRecordingPeer } from './recording-peer';

/** The API key the SendGrid peer accepts. */
export const SENDGRID_KEY = 'SG.peerKey0123456789.abcdefghijklmnopqrstuvwxyz0123456789';

/** A SendGrid error answer: `{errors: [{message, field, help}]}`. */
export function sendgridError(status: number, message: string, headers: Record<string, string> = {}): PeerAnswer {
  return { status, headers, body: { errors: [{ message, field: null, help: null }] } };
}

/**
 * SendGrid's Mail Send: a bearer key (else 401), a body with personalizations, from, subject and content
 * (else 400 naming the field); answers 202 with no body and the message id in `X-Message-Id`.
 */
export const sendgridMailSend: PeerRoute = ({ headers, json }) => {
  if (headers.authorization !== `Bearer ${SENDGRID_KEY}`) return sendgridError(401, 'The provided authorization grant is invalid, expired, or revoked');
  const mail = (json ?? {}) as { personalizations?: unknown[]; from?: unknown; subject?: unknown; content?: unknown[] };
  for (const field of ['personalizations', 'from', 'subject', 'content'] as const) {
    if (mail[field] === undefined) return sendgridError(400, `The ${field} field is required.`);
  }
  return { status: 202, headers: { 'x-message-id': 'peerSendgridMessage01' } };
};

/** Starts a SendGrid peer serving `POST /v3/mail/send`; `route` replaces its answer. */
export function startSendgridPeer(route: PeerRoute = sendgridMailSend): Promise<RecordingPeer> {
  return startRecordingPeer({ 'POST /v3/mail/send': route });
}
