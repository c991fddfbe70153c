import { type ActorContext } from '../../engine';

/**
 * Tells whether a firing carries only a settings-like (sticky) packet while the main port is fed: the
 * script then waits for its next main packet, which will see the settings. The main port cannot be declared
 * required, because a script node with no fed port must still run once as a source.
 */
export function isSettingsOnlyFiring<I extends string>(
  ctx: Pick<ActorContext<unknown, I, string, unknown>, 'inputs' | 'isConnected'>,
  mainPort: I,
): boolean {
  return ctx.isConnected(mainPort) && ctx.inputs[mainPort] === undefined;
}
