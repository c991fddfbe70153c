import { type PeerRoute, type RecordingPeer, startRecordingPeer } from './recording-peer';

/** The path of the peer's incoming webhook: as on Slack, the path is the key. */
export const SLACK_HOOK_PATH = '/services/T0PEER/B0PEER/peerHookSecret0123456789';

/**
 * Slack's incoming-webhook answer: `ok` as text for a JSON payload with text or blocks, `invalid_payload`
 * (400) otherwise, as Slack does.
 */
export const slackHook: PeerRoute = ({ headers, json }) => {
  const payload = json as { text?: unknown; blocks?: unknown } | undefined;
  const valid = headers['content-type'] === 'application/json' && payload !== undefined && (typeof payload.text === 'string' || Array.isArray(payload.blocks));
  return valid
    ? { status: 200, headers: { 'content-type': 'text/html' }, body: 'ok' }
    : { status: 400, headers: { 'content-type': 'text/html' }, body: 'invalid_payload' };
};

/** Starts a Slack incoming-webhook peer at {@link SLACK_HOOK_PATH}; `route` replaces its answer. */
export async function startSlackPeer(route: PeerRoute = slackHook): Promise<{ peer: RecordingPeer; webhookUrl: string }> {
  const peer = await startRecordingPeer({ [`POST ${SLACK_HOOK_PATH}`]: route });
  return { peer, webhookUrl: `${peer.url}${SLACK_HOOK_PATH}` };
}
