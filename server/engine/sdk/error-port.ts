import { type OutPortSpec } from './actor-definition';

/**
 * The `error-out` port of an actor: a failed firing is routed there, as `{ ...details, message, node_id,
 * component }`, when it is connected, instead of failing the run. Spread it into `outports`.
 * @param when - when the actor fails, for the catalogue, such as `'when the division fails'`
 * @example outports: { 'result-out': {}, ...errorOutPort('when the division fails') }
 */
export function errorOutPort(when: string): { readonly 'error-out': OutPortSpec } {
  return { 'error-out': { description: `Receives {message, node_id, component} ${when}.` } };
}
