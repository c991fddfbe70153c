import { type Collect } from '../model';

/**
 * The `collect` of a run from its `--collect` values: `all` collects every output, each other value names one
 * output to collect; none leaves every output at its last packet.
 * @example runCollect(['all']) // 'all'
 * @example runCollect(['item']) // { item: 'all' }
 */
export function runCollect(values: readonly string[] | undefined): Collect | undefined {
  if (values === undefined || values.length === 0) return undefined;
  if (values.includes('all')) return 'all';
  return Object.fromEntries(values.map((name) => [name, 'all' as const]));
}
