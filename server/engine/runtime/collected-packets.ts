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

/**
 * Every packet sent to one output of a run, in order, held as JSON text: each packet is serialised once, when
 * sent (so that a value an actor changes afterwards is reported as it was sent), and the output reaches the result
 * as one JsonText, whose size is known. Once the array would be larger than `maxBytes`, the texts are let go and
 * only the size is counted, so that an endless stream holds no more memory than one output may have.
 */
export class CollectedPackets {
  private texts: string[] | undefined = [];
  /** The UTF-8 bytes of the array so far: brackets, packets and the commas between them. */
  private bytes = 2;
  private count = 0;

  constructor(private readonly limits: OutputCollection) {}

  /** Adds the next packet. */
  add(packet: JsonPacket): void {
    const text = packet instanceof JsonText ? packet.text : (JSON.stringify(packet) ?? 'null');
    const size = packet instanceof JsonText ? packet.bytes : Buffer.byteLength(text);
    this.bytes += size + (this.count > 0 ? 1 : 0);
    this.count++;
    if (this.texts === undefined) return;
    if (this.bytes > this.limits.maxBytes) this.texts = undefined;
    else this.texts.push(text);
  }

  /** The output's value: the array of every packet as JSON text, or the marker of an array that was too large. */
  value(): JsonPacket {
    if (this.texts === undefined) return this.limits.tooLarge(this.bytes);
    return new JsonText(`[${this.texts.join(',')}]`, this.bytes);
  }
}
