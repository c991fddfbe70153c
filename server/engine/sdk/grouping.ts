import { isDeepStrictEqual } from 'node:util';
import { type JsonValue } from '../../../model';

/**
 * Where a packet stands in streams of groups: NoFlo's brackets (openBracket/closeBracket), the FBP protocol's
 * begingroup/endgroup. Packets of consecutive sends on one port within the same groups form one stream of those
 * groups; a packet sent within none carries no grouping.
 */
export interface Grouping {
  /** The groups the packet is sent within, outermost first, each group's data as its bracket carried it. */
  readonly groups: readonly JsonValue[];
  /** How many of them, the innermost, close right after the packet: their stream ends with it. */
  readonly closing: number;
}

/**
 * What takes a port from the groups `open` to the groups `next` of the packet after: the open groups `next` is not
 * within, closed innermost first, then its groups not open yet, opened outermost first. Packets within the same
 * groups are one stream, with nothing between them.
 */
export function groupChange(open: readonly JsonValue[], next: readonly JsonValue[]): { closed: JsonValue[]; opened: JsonValue[] } {
  let shared = 0;
  while (shared < open.length && shared < next.length && isDeepStrictEqual(open[shared], next[shared])) shared++;
  const closed: JsonValue[] = [];
  for (let i = open.length - 1; i >= shared; i--) closed.push(open[i]);
  return { closed, opened: next.slice(shared) };
}
