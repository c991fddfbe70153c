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
