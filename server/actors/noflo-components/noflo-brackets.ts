import { type Grouping, type JsonValue, groupChange } from '../../engine';

/** A bracket a NoFlo port is sent: opened or closed, with its group's data. */
export interface Bracket {
  readonly type: 'openBracket' | 'closeBracket';
  readonly data: JsonValue;
}

/** The brackets that take a NoFlo port from the groups `open` to the groups `next` (see `groupChange`). */
export function bracketsBetween(open: readonly JsonValue[], next: readonly JsonValue[]): Bracket[] {
  const { closed, opened } = groupChange(open, next);
  return [...closed.map((data) => ({ type: 'closeBracket' as const, data })), ...opened.map((data) => ({ type: 'openBracket' as const, data }))];
}

/** The groups left open after a packet of `grouping`: its groups but the ones that close after it. */
export function groupsAfter(grouping: Grouping): readonly JsonValue[] {
  return grouping.closing === 0 ? grouping.groups : grouping.groups.slice(0, grouping.groups.length - grouping.closing);
}

/** A data packet a component sent, held until what follows it on its port tells how many of its groups close. */
interface HeldPacket {
  readonly packet: JsonValue;
  readonly groups: readonly JsonValue[];
  closing: number;
}

/**
 * The streams a component sends, port by port: the brackets it sends open and close groups, and each data packet
 * goes within the groups open then. A packet is held until the next packet on its port (or the end of the firing),
 * so that the brackets closed right after it go with it as its grouping's `closing`. A bracket with no packet
 * inside reaches nothing, as in NoFlo, where an open bracket goes out only with the first packet sent within it.
 */
export class OutportStreams {
  private readonly open = new Map<string, JsonValue[]>();
  private readonly held = new Map<string, HeldPacket>();

  constructor(private readonly send: (port: string, packet: JsonValue, grouping: Grouping) => void) {}

  /** Takes a data packet the component sent on `port`: the one held there before it goes out. */
  data(port: string, packet: JsonValue): void {
    this.release(port);
    this.held.set(port, { packet, groups: [...(this.open.get(port) ?? [])], closing: 0 });
  }

  /** Takes a bracket sent on `port`; a close with no group open changes nothing. */
  bracket(port: string, bracket: Bracket): void {
    let stack = this.open.get(port);
    if (stack === undefined) this.open.set(port, (stack = []));
    if (bracket.type === 'openBracket') {
      stack.push(bracket.data);
      return;
    }
    if (stack.length === 0) return;
    // Only a close of one of the held packet's own groups ends its stream, not that of a group opened after it.
    const held = this.held.get(port);
    if (held !== undefined && stack.length === held.groups.length - held.closing) held.closing++;
    stack.pop();
  }

  /** Sends every held packet: the firing is over, and what it closed after them is known. */
  releaseAll(): void {
    for (const port of [...this.held.keys()]) this.release(port);
  }

  private release(port: string): void {
    const held = this.held.get(port);
    if (held === undefined) return;
    this.held.delete(port);
    this.send(port, held.packet, { groups: held.groups, closing: held.closing });
  }
}
