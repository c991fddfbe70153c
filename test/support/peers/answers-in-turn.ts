import { type PeerAnswer, type PeerRoute } from './recording-peer';

/**
 * A route that answers the given answers one per request, in order, then hands every later request to `then`:
 * how a test scripts a vendor that fails first (429, 5xx) and recovers.
 * @example answersInTurn([{ status: 429, headers: { 'retry-after': '1' } }], slackOk)
 */
export function answersInTurn(answers: readonly PeerAnswer[], then: PeerRoute): PeerRoute {
  let next = 0;
  return (request) => (next < answers.length ? answers[next++] : then(request));
}
