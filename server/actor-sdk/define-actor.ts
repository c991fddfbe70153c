import { type z } from 'zod';
import { type ActorContext, type ActorDefinition, defineActor as defineEngineActor } from '../engine';
import { type ActorHttp } from './actor-http';

/**
 * What an actor of a package sees each time it fires: the engine's context (ports, config, signal, secrets,
 * timers, log) and the service's HTTP client.
 */
export interface PackageActorContext<C, I extends string, O extends string, S> extends ActorContext<C, I, O, S> {
  /** The service's HTTP client: aborted with the run, under its egress policy and time limit. */
  readonly http: ActorHttp;
}

/**
 * An actor of a package: the engine's definition (ports, config schema, effects, state) whose firings see a
 * {@link PackageActorContext}. Its config schema is an object whose every field has a description.
 */
export type PackageActorDefinition<C = unknown, I extends string = string, O extends string = string, S = undefined> = Omit<
  ActorDefinition<C, I, O, S>,
  'fire' | 'graphPort' | 'package'
> & {
  /**
   * Does the work of one firing. A throw or a rejection becomes an `ActorFailed` event and is routed to the
   * node's `error-out` port when that port is connected; otherwise it fails the run.
   */
  fire(ctx: PackageActorContext<C, I, O, S>): void | Promise<void>;
};

/** What {@link defineActor} takes: a definition whose `config` may be left out when the actor has no settings. */
export type PackageActorInput<C, I extends string, O extends string, S> = Omit<PackageActorDefinition<C, I, O, S>, 'config'> & {
  readonly config?: z.ZodType<C, z.ZodTypeDef, unknown>;
};

/**
 * Declares an actor of a package, inferring its config type from the schema and its port ids from the port maps.
 *
 * @example
 * export const greet = defineActor({
 *   id: 'acme/greet',
 *   inports: { name: { required: true } },
 *   outports: { greeting: {} },
 *   config: z.object({ greeting: requiredText('The word before the name', 'Hello') }),
 *   effects: 'none',
 *   fire: ({ inputs, config, send }) => send('greeting', `${config.greeting}, ${String(inputs.name)}`),
 * });
 */
export function defineActor<C = Record<string, never>, I extends string = never, O extends string = never, S = undefined>(
  definition: PackageActorInput<C, I, O, S>,
): PackageActorDefinition<C, I, O, S> {
  // The same object the engine's defineActor makes; only the context its firing expects is wider.
  return defineEngineActor(definition as unknown as Parameters<typeof defineEngineActor<C, I, O, S>>[0]) as unknown as PackageActorDefinition<C, I, O, S>;
}

/** An actor definition of a package with its type parameters erased, as a catalogue takes it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyPackageActorDefinition = PackageActorDefinition<any, string, string, any>;
