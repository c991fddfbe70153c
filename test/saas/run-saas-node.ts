import { type PeerAnswer, type PeerRoute } from '../support/peers/recording-peer';

export { type VendorNodeRun as SaasNodeRun, runVendorNode as runSaasNode, validationIssues, everythingSaid } from '../support/run-vendor-node';

/** A route that gives its answers one per request, in order, repeating the last one. */
export function inTurn(...answers: PeerAnswer[]): PeerRoute {
  let next = 0;
  return () => answers[Math.min(next++, answers.length - 1)];
}
