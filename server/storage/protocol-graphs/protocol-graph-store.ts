import { type JsonObject } from '../../../model';

/**
 * Where the FBP protocol runtime keeps the graphs clients build, each as a JSON document under a key the runtime
 * chooses (the graph id, with the graph's tenant when it has one), so that storage knows nothing of the protocol. The runtime holds its graphs in memory: it reads the documents once,
 * as it starts, and puts a graph's document again after each change to it.
 */
export interface ProtocolGraphStore {
  /** Every graph kept, as its document, by key. */
  documents(): Map<string, JsonObject>;
  /** Keeps a graph's document under its id, replacing what the id held. */
  put(id: string, document: JsonObject): void;
  /** Forgets a graph (one the runtime let go); an id it does not hold is ignored. */
  delete(id: string): void;
  /** Releases the store; one that writes behind answers a promise that settles once its writes are done. */
  close(): void | Promise<void>;
}
