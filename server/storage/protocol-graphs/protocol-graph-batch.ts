import { type JsonObject } from '../../../model';
import { type CommitBatch } from '../group-commit';

/** The graph documents put during one turn of the event loop: only the last of each graph is written. */
export class ProtocolGraphBatch implements CommitBatch {
  readonly documents = new Map<string, JsonObject>();

  get empty(): boolean {
    return this.documents.size === 0;
  }
}
