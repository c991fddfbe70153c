import { type PeerRoute, type RecordingPeer, startRecordingPeer } from './recording-peer';

/** The API key and sending domain the Mailgun peer accepts. */
export const MAILGUN_ACCOUNT = { key: 'key-peerMailgun0123456789abcdef', domain: 'mg.example.com' } as const;

/**
 * Mailgun's Messages API: basic auth `api` and the key (else 401 `Forbidden` as text, as Mailgun answers), a
 * form with from, to and subject (else 400 `{message}`); answers `{id, message: "Queued. Thank you."}`.
 */
export const mailgunMessages: PeerRoute = ({ headers, text }) => {
  if (headers.authorization !== `Basic ${Buffer.from(`api:${MAILGUN_ACCOUNT.key}`).toString('base64')}`) return { status: 401, body: 'Forbidden' };
  const form = new URLSearchParams(text);
  for (const field of ['from', 'to', 'subject']) {
    if (!form.has(field)) return { status: 400, body: { message: `'${field}' parameter is missing` } };
  }
  return { body: { id: `<20261124120000.peer@${MAILGUN_ACCOUNT.domain}>`, message: 'Queued. Thank you.' } };
};

/** Starts a Mailgun peer serving `POST /v3/{domain}/messages`; `route` replaces its answer. */
export function startMailgunPeer(route: PeerRoute = mailgunMessages): Promise<RecordingPeer> {
  return startRecordingPeer({ [`POST /v3/${MAILGUN_ACCOUNT.domain}/messages`]: route });
}
