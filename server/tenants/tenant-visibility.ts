/**
 * Whether a record of `owner` (undefined: made by a caller of no tenant) is visible to a caller limited to
 * `within` (undefined: a caller of no tenant, who sees every tenant's records). A record another tenant owns is
 * answered as if it did not exist, so that its id tells nothing.
 * @example visibleWithin('acme', 'acme') === true; visibleWithin(undefined, 'acme') === false
 */
export function visibleWithin(owner: string | undefined, within: string | undefined): boolean {
  return within === undefined || owner === within;
}
