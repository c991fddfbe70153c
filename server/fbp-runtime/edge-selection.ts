import { type JsonObject } from '../../model';
import { portKey } from './port-spec';
import { type ProtocolPort } from './protocol-graph';

const signature = (src: ProtocolPort, tgt: ProtocolPort): string => JSON.stringify([src.node, portKey(src.port), tgt.node, portKey(tgt.port)]);

/**
 * What a graph's clients asked to see of its packets: `network:debug` turns debug mode on or off, and
 * `network:edges` selects edges. Out of debug mode every edge's packets are sent as `network:data`, as they
 * always were; in debug mode only the selected edges' are, so that a client inspecting a few edges of a busy
 * graph is not sent all the others.
 */
export class EdgeSelection {
  private debug = false;
  private selected = new Set<string>();

  setDebug(enable: boolean): void {
    this.debug = enable;
  }

  /** Replaces the selection; answers it as the client gave it, for the `network:edges` acknowledgement. */
  select(edges: readonly { src: ProtocolPort; tgt: ProtocolPort }[]): JsonObject[] {
    this.selected = new Set(edges.map((edge) => signature(edge.src, edge.tgt)));
    return edges.map((edge) => ({ src: portJson(edge.src), tgt: portJson(edge.tgt) }));
  }

  /** Whether packets on this edge are sent to clients. */
  shows(src: ProtocolPort, tgt: ProtocolPort): boolean {
    return !this.debug || this.selected.has(signature(src, tgt));
  }

  /** Whether initial packets (which travel on no edge) are sent: only out of debug mode. */
  get showsInitials(): boolean {
    return !this.debug;
  }
}

/** A port as the protocol writes one in a payload. */
export function portJson(port: ProtocolPort): JsonObject {
  return port.index === undefined ? { node: port.node, port: port.port } : { node: port.node, port: port.port, index: port.index };
}
