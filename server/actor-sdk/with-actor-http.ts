import { type AnyActorDefinition } from '../engine';
import { type ActorHttp } from './actor-http';
import { type AnyPackageActorDefinition } from './define-actor';

/** Makes the HTTP client of one firing, aborted by the signal the function reads. */
export type ActorHttpFactory = (signal: () => AbortSignal) => ActorHttp;

/**
 * The engine's view of an actor of a package: the same definition whose firings see `ctx.http`, made by
 * `httpOf` the first time the firing reads it. The engine's context object is kept as it is (its members are
 * read from it), so the actor sees every other member unchanged.
 */
export function withActorHttp(definition: AnyPackageActorDefinition | AnyActorDefinition, httpOf: ActorHttpFactory): AnyActorDefinition {
  const engineActor = definition as AnyActorDefinition;
  return {
    ...engineActor,
    fire: (ctx) => {
      let http: ActorHttp | undefined;
      const withHttp = new Proxy(ctx, {
        get: (target, key) => (key === 'http' ? (http ??= httpOf(() => target.signal)) : Reflect.get(target, key)),
        has: (target, key) => key === 'http' || Reflect.has(target, key),
      });
      return engineActor.fire(withHttp);
    },
  };
}
