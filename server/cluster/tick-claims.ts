import { type Redis } from 'ioredis';

/** How long a claimed tick is remembered: far longer than any two nodes' clocks disagree. */
const CLAIM_KEPT_MS = 24 * 3_600_000;

/**
 * Claims one tick of a deployment trigger for this node, so that a trigger every node arms fires once per
 * tick in the cluster: the first node to set the tick's key (SET NX) runs it.
 */
export function tickClaims(redis: Redis, namespace: string, nodeId: string) {
  return async (deploymentId: string, triggerNodeId: string, tickKey: string): Promise<boolean> => {
    const key = `${namespace}:tick:${deploymentId}:${triggerNodeId}:${tickKey}`;
    return (await redis.set(key, nodeId, 'PX', CLAIM_KEPT_MS, 'NX')) === 'OK';
  };
}
