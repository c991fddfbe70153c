/** The port ids one side of a node declares, with a lookup that honours the graph's `caseSensitive` flag. */
export class PortMatcher {
  private readonly exact = new Set<string>();
  private readonly folded = new Map<string, string>();

  constructor(ids: readonly string[]) {
    for (const id of ids) {
      this.exact.add(id);
      const key = foldPortId(id);
      if (!this.folded.has(key)) this.folded.set(key, id);
    }
  }

  /** The declared id a submitted port id names, or undefined when it names none. */
  find(portId: string, caseSensitive: boolean): string | undefined {
    if (this.exact.has(portId)) return portId;
    return caseSensitive ? undefined : this.folded.get(foldPortId(portId));
  }

  /** Every declared id, in declaration order. */
  ids(): string[] {
    return [...this.exact];
  }
}

/** The form two port ids share when they match without case sensitivity: lower case, `_` read as `-`. */
function foldPortId(portId: string): string {
  return portId.toLowerCase().replace(/_/g, '-');
}
