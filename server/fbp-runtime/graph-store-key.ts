// Parts a tenant's graph key: a graph id holds no control character (see `graphIdProblem`), so no key of a graph
// of no tenant (its id alone) can be the key of a tenant's graph.
const SEPARATOR = '\u001f';

/**
 * The key a graph is kept under in the ProtocolGraphStore: its id for a graph of no tenant (as graphs were kept
 * before tenants), the tenant and the id for a tenant's, so that two tenants may each keep a graph of one id.
 */
export function graphStoreKey(tenant: string | undefined, id: string): string {
  return tenant === undefined ? id : `${tenant}${SEPARATOR}${id}`;
}

/** Why a client may not name a graph so, or undefined when it may. */
export function graphIdProblem(id: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u001f\u007f]/.test(id) ? 'A graph id may hold no control characters' : undefined;
}
