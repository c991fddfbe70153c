import { type ProtocolGraphStore } from './protocol-graph-store';

/** A {@link ProtocolGraphStore} in memory: the graphs live as long as the process, as FBP runtimes keep them. */
export class MemoryProtocolGraphStore<G> implements ProtocolGraphStore<G> {
  private readonly graphs = new Map<string, G>();

  get(id: string): G | undefined {
    return this.graphs.get(id);
  }

  has(id: string): boolean {
    return this.graphs.has(id);
  }

  put(id: string, graph: G): void {
    this.graphs.set(id, graph);
  }

  get size(): number {
    return this.graphs.size;
  }
}
