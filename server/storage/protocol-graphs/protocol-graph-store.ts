/**
 * Where the FBP protocol runtime keeps the graphs clients build, by graph id. The runtime changes a graph and
 * then puts it back, so that a store that writes elsewhere writes each change; `G` is the runtime's graph, kept
 * opaque here so that storage knows nothing of the protocol.
 */
export interface ProtocolGraphStore<G> {
  get(id: string): G | undefined;
  has(id: string): boolean;
  /** Keeps a graph new or changed under its id, replacing what the id held. */
  put(id: string, graph: G): void;
  /** How many graphs are kept: what the runtime's cap on graphs counts. */
  readonly size: number;
}
