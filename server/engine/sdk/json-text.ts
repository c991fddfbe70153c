import { type JsonValue } from '../../../model';

/**
 * A JSON value held as its checked JSON text, with the UTF-8 size of that text. An actor that receives a
 * value of several megabytes as text already checked (the JavaScript sandbox's answer) sends it as one of
 * these, in place of a JsonValue: the engine parses it only for a node that consumes it, and a value that
 * goes to the run's outputs reaches the result (and its store) as the text it came as, neither parsed nor
 * serialised again on the event loop. `toJSON` answers the parsed value, so that whatever serialises it
 * writes the value itself.
 */
export class JsonText {
  private parsed: { value: JsonValue } | undefined;

  constructor(
    /** The JSON text: it must be valid JSON (the caller checked it). */
    readonly text: string,
    /** The length of `text` in UTF-8, in bytes. */
    readonly bytes: number,
  ) {}

  /** The value, parsed on first use and kept (a value never changes). */
  get value(): JsonValue {
    this.parsed ??= { value: JSON.parse(this.text) as JsonValue };
    return this.parsed.value;
  }

  toJSON(): JsonValue {
    return this.value;
  }
}

/** A packet as it may travel: a JSON value, or a large one still as its text. */
export type JsonPacket = JsonValue | JsonText;

/** The value of a packet: a JsonText parsed (on first use), anything else as it is. */
export function packetValue(packet: JsonPacket): JsonValue {
  return packet instanceof JsonText ? packet.value : packet;
}

// The getters of the properties made by `withJsonTexts`, each with the text it parses.
const textsOfGetters = new WeakMap<() => JsonValue, JsonText>();

/**
 * A copy of `values` in which each JsonText is a property that parses it when first read: the copy looks like
 * plain JSON to everyone (reading, serialising, comparing, cloning it), and {@link jsonTextAt} finds the text
 * behind such a property without parsing it.
 */
export function withJsonTexts(values: Readonly<Record<string, JsonPacket>>): Record<string, JsonValue> {
  const copy: Record<string, JsonValue> = {};
  for (const [key, packet] of Object.entries(values)) {
    if (!(packet instanceof JsonText)) {
      Object.defineProperty(copy, key, { value: packet, enumerable: true, writable: true, configurable: true });
      continue;
    }
    const get = (): JsonValue => packet.value;
    textsOfGetters.set(get, packet);
    Object.defineProperty(copy, key, { get, enumerable: true, configurable: true });
  }
  return copy;
}

/** The JsonText behind a property made by {@link withJsonTexts} (in `holder` or a copy of its descriptors), without parsing it. */
export function jsonTextAt(holder: object, key: string): JsonText | undefined {
  const get = Object.getOwnPropertyDescriptor(holder, key)?.get;
  return get === undefined ? undefined : textsOfGetters.get(get as () => JsonValue);
}
