import { type JsonObject } from '../../../model';
import { type ProtocolGraphStore } from './protocol-graph-store';

/** A {@link ProtocolGraphStore} in memory: the graphs live as long as the process, as FBP runtimes keep them. */
export class MemoryProtocolGraphStore implements ProtocolGraphStore {
  private readonly graphs = new Map<string, JsonObject>();

  documents(): Map<string, JsonObject> {
    return new Map(this.graphs);
  }

  put(id: string, document: JsonObject): void {
    this.graphs.set(id, document);
  }

  delete(id: string): void {
    this.graphs.delete(id);
  }

  close(): void {}
}
