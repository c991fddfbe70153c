import { type JsonValue } from '../../engine';

/** Which input ports of an HTTP request node something feeds. */
export interface FedPorts {
  data: boolean;
  headers: boolean;
}

/** The requests one firing sends: the headers packet and one `data-in` value per request (undefined: no data). */
export interface GatedRequests {
  headers?: JsonValue;
  data: (JsonValue | undefined)[];
}

/** Packets an HTTP request node holds while it waits for its first `headers-in` packet. */
export const MAX_HELD_PACKETS = 1000;

/**
 * Pairs `data-in` packets with the sticky `headers-in` packet. When `headers-in` is fed, data that arrives
 * before any headers is held and sent once they come, so no request leaves without its headers; a
 * headers packet alone only replaces the headers. With `data-in` unfed, every firing is one request.
 */
export class HeaderGate {
  private readonly held: JsonValue[] = [];

  /** The requests to send for the packets of one firing. */
  take(inputs: { data?: JsonValue; headers?: JsonValue }, fed: FedPorts): GatedRequests {
    if (fed.headers && inputs.headers === undefined) {
      if (inputs.data === undefined) return { data: [] };
      if (this.held.length >= MAX_HELD_PACKETS) throw new Error(`${MAX_HELD_PACKETS} data-in packets arrived before any headers-in packet`);
      this.held.push(inputs.data);
      return { data: [] };
    }
    const data: (JsonValue | undefined)[] = this.held.splice(0);
    if (inputs.data !== undefined || !fed.data) data.push(inputs.data);
    return { headers: inputs.headers, data };
  }
}
