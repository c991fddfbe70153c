import { GraphCommandError } from './graph-command-error';

const MIB = 1024 * 1024;

/** The bytes of JSON a value takes, as the runtime counts what its graphs hold. */
export function jsonBytes(value: unknown): number {
  const text = JSON.stringify(value);
  return text === undefined ? 0 : Buffer.byteLength(text);
}

/**
 * The bytes that every graph of a runtime holds together (ids, components, metadata, initial packets), within
 * one cap: a change that would pass it is refused before anything changes, so that clients cannot make the
 * runtime hold more memory than the operator allowed.
 */
export class GraphByteBudget {
  private held = 0;

  /** @param maxBytes - the most the graphs may hold together */
  constructor(private readonly maxBytes: number) {}

  /** Bytes the graphs hold now. */
  get heldBytes(): number {
    return this.held;
  }

  /** Counts `delta` more bytes (fewer when negative), or refuses a growth beyond the cap, counting nothing. */
  change(delta: number): void {
    if (delta > 0 && this.held + delta > this.maxBytes) {
      const mb = Math.round((this.maxBytes / MIB) * 100) / 100;
      throw new GraphCommandError(
        `The runtime's graphs hold ${this.held} bytes; this change adds ${delta} more, beyond the ${mb} MB they may hold (max_protocol_graph_mb)`,
      );
    }
    this.held += delta;
  }
}
