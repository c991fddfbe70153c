import { type JsonObject } from '../../../model';
import { type CommitBatch } from '../group-commit';

/** The graph documents put (or, as `null`, deleted) during one turn of the event loop: only the last of each graph is written. */
export class ProtocolGraphBatch implements CommitBatch {
  readonly documents = new Map<string, JsonObject | null>();

  get empty(): boolean {
    return this.documents.size === 0;
  }
}
