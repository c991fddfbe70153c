import { type JsonObject } from '../../../model';
import { type JsonPacket } from '../sdk/json-text';
import { type Grouping } from '../sdk/grouping';

/**
 * One packet a journaled firing sent, in the order it sent them: on an output port, or as a graph output. A packet
 * read back from a store is a plain JSON value; one recorded in this process may still be a JsonText.
 */
export type RecordedSend = { port: string; packet: JsonPacket; grouping?: Grouping } | { output: string; packet: JsonPacket };

/** How a journaled firing ended: the packets it sent, and the error it failed with, if it failed. */
export interface FiringOutcome {
  sends: RecordedSend[];
  error?: { message: string; details: JsonObject };
}

/**
 * One firing of a journaled node as the journal keeps it, keyed by the node's path and the firing's number (from
 * 1, per node path, across the whole run, subgraph runs included). A firing whose effect must not repeat is
 * written first without an outcome, before it starts; every journaled firing is written with its outcome once
 * it has ended.
 */
export interface JournalEntry {
  nodeId: string;
  firing: number;
  outcome?: FiringOutcome;
}

/** What the journal knows of the firing a node is about to make. */
export type JournalLookup =
  /** The firing ended before: its recorded outcome is replayed instead of firing the actor. */
  | { firing: number; state: 'recorded'; outcome: FiringOutcome }
  /** The firing had started, its effect possibly made, when the run stopped: it runs again only when safe. */
  | { firing: number; state: 'interrupted' }
  /** The journal has nothing of it: the firing runs live. */
  | { firing: number; state: 'new' };

/**
 * The firing journal of one run, which lets a run that stopped with its process go on without repeating a
 * completed side effect. The network asks it about each firing of a node whose actor has effects (see
 * `ActorDefinition.effects`) and reports what each such firing did. Pure nodes never reach it.
 */
export interface FiringJournal {
  /** Numbers a journaled node's next firing and answers what the journal holds of it. */
  next(nodeId: string): JournalLookup;
  /** Records that a firing whose effect must not repeat begins; resolves once that is durable, and only then may it start. */
  starting(nodeId: string, firing: number): Promise<void>;
  /** Records how a journaled firing ended (durable with the run's next events). */
  ended(nodeId: string, firing: number, outcome: FiringOutcome): void;
}
