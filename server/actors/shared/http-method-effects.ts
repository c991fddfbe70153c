import { type FiringEffects } from '../../engine';

// RFC 9110, 9.2.2: the methods whose intended effect is the same for one request as for several.
const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE', 'PUT', 'DELETE']);

/**
 * The effects of a firing that sends one HTTP request with `method` (any case): an idempotent method (GET, HEAD,
 * OPTIONS, TRACE, PUT, DELETE) is safe to send again after a crash, any other (POST, PATCH) is not.
 * @example effectsOfHttpMethod('GET') // 'repeatable'
 */
export function effectsOfHttpMethod(method: string): Exclude<FiringEffects, 'none'> {
  return IDEMPOTENT_METHODS.has(method.toUpperCase()) ? 'repeatable' : 'once';
}
