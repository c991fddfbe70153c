import { type JsonValue } from '../../../model';
import { type Grouping } from '../sdk/grouping';

/**
 * A packet queued with the grouping it was sent with. Only packets sent within groups are wrapped: the others are
 * queued as they are, so that runs whose packets carry no groups pay nothing for them.
 */
export class GroupedPacket {
  constructor(
    readonly packet: JsonValue,
    readonly grouping: Grouping,
  ) {}
}

/** What an input queue holds: a plain packet, or one with its grouping. */
export type QueuedPacket = JsonValue | GroupedPacket;

/** The packet of a queued item, without its grouping. */
export function packetOf(item: QueuedPacket): JsonValue {
  return item instanceof GroupedPacket ? item.packet : item;
}
