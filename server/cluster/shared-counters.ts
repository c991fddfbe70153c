import { type Redis } from 'ioredis';
import { type Store } from 'express-rate-limit';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import { AppError } from '../errors';

/** How long a count waits for Redis before the request is answered 503 rather than held. */
const COUNT_TIMEOUT_MS = 2000;

/**
 * A store of per-client counts (the request budget, wrong tokens) in the cluster's Redis, under
 * `<namespace>:<name>:`, so that every node counts against one budget. Redis out of reach is a 503
 * (`UNAVAILABLE`) after two seconds, not a request held until it comes back.
 */
export function sharedCounterStore(redis: Redis, namespace: string, name: string): Store {
  return new RedisStore({
    prefix: `${namespace}:${name}:`,
    sendCommand: (command: string, ...args: string[]) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new AppError('UNAVAILABLE', `The cluster's Redis did not answer within ${COUNT_TIMEOUT_MS} ms`)), COUNT_TIMEOUT_MS);
      });
      return Promise.race([redis.call(command, ...args) as Promise<RedisReply>, late]).finally(() => clearTimeout(timer));
    },
  });
}
