import { type Collect, type JsonValue } from '../../../model';
import { type JsonPacket, JsonText } from '../sdk/json-text';

/** Which outputs of a run keep every packet sent to them, and how much of them the run may hold. */
export interface OutputCollection {
  /** The outputs that keep every packet (see `collectsAll`); the others keep their last one. */
  readonly outputs: Collect;
  /** The most bytes (UTF-8) the JSON array of one output's packets may take; beyond it the packets are let go. */
  readonly maxBytes: number;
  /** What the output reports once its packets were let go, given the bytes their array would have taken. */
  readonly tooLarge: (bytes: number) => JsonValue;
}

/** The first room a collection takes, in bytes; it doubles as packets come, up to the collection's `maxBytes`. */
const FIRST_ROOM = 256;

/**
 * Every packet sent to one output of a run, in order, held as the UTF-8 JSON text of their array: each packet is
 * serialised once, when sent (so that a value an actor changes afterwards is reported as it was sent), and the
 * output reaches the result as one JsonText, whose size is known. The text is kept in one buffer rather than a
 * string per packet, so that the memory held is the bytes counted (small packets would take several times
 * their size as strings). Once the array would be larger than `maxBytes`, the buffer is let go and only the size is
 * counted, so that an endless stream holds no more memory than one output may have.
 */
export class CollectedPackets {
  private text: Buffer | undefined;
  /** The bytes of `text` in use: `[` and the packets with the commas between them. */
  private used = 0;
  /** The UTF-8 bytes of the whole array so far: brackets, packets and the commas between them. */
  private bytes = 2;
  private count = 0;
  private overflowed = false;

  constructor(private readonly limits: OutputCollection) {}

  /** Adds the next packet. */
  add(packet: JsonPacket): void {
    const text = packet instanceof JsonText ? packet.text : (JSON.stringify(packet) ?? 'null');
    const size = packet instanceof JsonText ? packet.bytes : Buffer.byteLength(text);
    const separator = this.count > 0 ? ',' : '[';
    this.bytes += size + (this.count > 0 ? 1 : 0);
    this.count++;
    if (this.overflowed) return;
    if (this.bytes > this.limits.maxBytes) {
      this.overflowed = true;
      this.text = undefined;
      return;
    }
    const room = this.roomFor(this.used + 1 + size);
    room.write(separator, this.used, 'latin1');
    room.write(text, this.used + 1, size, 'utf8');
    this.used += 1 + size;
  }

  /** The output's value: the array of every packet as JSON text, or the marker of an array that was too large. */
  value(): JsonPacket {
    if (this.overflowed) return this.limits.tooLarge(this.bytes);
    return new JsonText(this.text === undefined ? '[]' : `${this.text.toString('utf8', 0, this.used)}]`, this.bytes);
  }

  // The buffer with room for `needed` bytes, grown by doubling, never past what the array may take.
  private roomFor(needed: number): Buffer {
    const current = this.text;
    if (current !== undefined && current.length >= needed) return current;
    const size = Math.min(this.limits.maxBytes, Math.max(needed, FIRST_ROOM, (current?.length ?? 0) * 2));
    const grown = Buffer.allocUnsafe(size);
    current?.copy(grown, 0, 0, this.used);
    this.text = grown;
    return grown;
  }
}
