import { type AnyActorDefinition } from '../../engine';
import { cacheActor } from './cache-actor';
import { createEventEmitterActor } from './event-emitter-actor';
import { createQueueActor } from './queue-actor';
import { createRedisActor } from './redis-actor';
import { createStateStoreActor } from './state-store-actor';
import { createVariableLookupActor } from './variable-lookup-actor';

/** The storage family of the catalogue: cache, Redis, state, variables, events and queues. */
export const storageActors: readonly AnyActorDefinition[] = [
  cacheActor,
  createRedisActor(),
  createStateStoreActor(),
  createVariableLookupActor(),
  createEventEmitterActor(),
  createQueueActor(),
];
export { cacheActor } from './cache-actor';
export { createRedisActor } from './redis-actor';
export { createStateStoreActor } from './state-store-actor';
export { createVariableLookupActor } from './variable-lookup-actor';
export { createEventEmitterActor } from './event-emitter-actor';
export { createQueueActor } from './queue-actor';
