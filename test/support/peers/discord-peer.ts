import { type PeerAnswer, type PeerRoute, type RecordingPeer, startRecordingPeer } from './recording-peer';

/** The path of the peer's webhook: `/api/webhooks/{id}/{token}`, as on Discord. */
export const DISCORD_HOOK_PATH = '/api/webhooks/1180000000000000000/peerDiscordToken_0123456789';

/** Discord's rate-limit answer: 429 with `Retry-After` and `{message, retry_after, global}`. */
export function discordRateLimited(seconds: number): PeerAnswer {
  return { status: 429, headers: { 'retry-after': String(seconds) }, body: { message: 'You are being rate limited.', retry_after: seconds, global: false } };
}

/**
 * Discord's execute-webhook answer: with `?wait=true`, the created message `{id, channel_id, content, embeds,
 * timestamp}`; 204 without it; 400 `{message, code: 50006}` for a message with neither content nor embeds.
 */
export const discordHook: PeerRoute = ({ query, json }) => {
  const payload = (json ?? {}) as { content?: string; embeds?: unknown[]; username?: string };
  if (payload.content === undefined && (payload.embeds ?? []).length === 0)
    return { status: 400, body: { message: 'Cannot send an empty message', code: 50006 } };
  if (query.get('wait') !== 'true') return { status: 204 };
  return {
    status: 200,
    body: {
      id: '1190000000000000001',
      channel_id: '1170000000000000000',
      content: payload.content ?? '',
      embeds: payload.embeds ?? [],
      timestamp: '2026-11-24T12:00:00.000000+00:00',
    },
  };
};

/** Starts a Discord webhook peer at {@link DISCORD_HOOK_PATH}; `route` replaces its answer. */
export async function startDiscordPeer(route: PeerRoute = discordHook): Promise<{ peer: RecordingPeer; webhookUrl: string }> {
  const peer = await startRecordingPeer({ [`POST ${DISCORD_HOOK_PATH}`]: route });
  return { peer, webhookUrl: `${peer.url}${DISCORD_HOOK_PATH}` };
}
