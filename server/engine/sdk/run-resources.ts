/**
 * A kind of resource that actors of one run share through `ctx.resources` (a database pool, a client): the
 * type parameter is what `get` answers, so a consumer gets the type its producer registered.
 * @example export const SQL_POOL = resourceKind<SqlPool>('sql-pool');
 */
export interface ResourceKind<T> {
  readonly name: string;
  /** Never set: carries `T` for the type checker. */
  readonly type?: (value: T) => T;
}

/** Declares a resource kind; the name prefixes the handles of its resources (`sql-pool-1`). */
export function resourceKind<T>(name: string): ResourceKind<T> {
  return { name };
}

/**
 * The resources of one run: what an actor registers here lives until the run ends, whatever way it ends,
 * and is closed then; other nodes of the run (subgraphs included) find it by the handle it was given,
 * which is plain JSON and travels as a packet.
 */
export interface RunResources {
  /**
   * Registers a resource and answers its handle; `close` runs once when the run ends (its errors are
   * ignored, and it has the run's stop grace to finish). Registering after the run ended closes it at once and throws.
   */
  add<T>(kind: ResourceKind<T>, value: T, close: (value: T) => unknown): string;
  /** The resource of that kind registered under `handle`, or undefined. */
  get<T>(kind: ResourceKind<T>, handle: string): T | undefined;
  /**
   * The run's one resource of this kind for `key` (a connection URL, a cache name): the first node that asks
   * opens it, later ones get the same; it is closed with `close` when the run ends.
   */
  shared<T>(kind: ResourceKind<T>, key: string, open: () => T, close: (value: T) => unknown): T;
}
