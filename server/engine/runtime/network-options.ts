import { type EngineEvent, type JsonObject } from '../../../model';
import { type OutputCollection } from './collected-packets';
import { type FiringJournal } from './firing-journal';

/** Options of one run of a validated graph. */
export interface NetworkOptions {
  /** The execution this run belongs to; it appears in events and in the result. */
  executionId: string;
  /** The workflow id reported in events and in the result. */
  workflowId: string;
  /**
   * The execution input: each key names an exported inport; a graph with no exported inports gets the
   * whole object on every input port that has no connection and no initial packet (an empty object
   * delivers nothing). Graph-input nodes read it by name.
   */
  input?: JsonObject;
  /** Fails the run when it lasts longer; 0 or absent means no limit. */
  timeoutMs?: number;
  /** Cancels the run when aborted. */
  signal?: AbortSignal;
  /**
   * Called with each node's merged configuration before the actor starts (and on every update), to
   * resolve `${secret:NAME}` references. The resolved values are handed to the actor only. It must not
   * change its argument, and returns that argument itself when nothing in it needs resolving: the node then
   * keeps the configuration validation parsed instead of parsing it again.
   */
  resolveConfig?: (config: JsonObject, nodeId: string) => JsonObject;
  /** Receives every event in order. When absent, events are not built at all. */
  onEvent?: (event: EngineEvent) => void;
  /**
   * Payloads (packet `message` of events) whose JSON text is longer are cut and marked `truncated: true`.
   * @default 65536
   */
  maxEventPayloadBytes?: number;
  /**
   * Packets an input port queues before `send` makes the producer wait.
   * @default 1000
   */
  queueCapacity?: number;
  /** Epoch-milliseconds clock, injectable in tests. @default Date.now */
  now?: () => number;
  /**
   * How long a stopping run (cancelled, failed, timed out) waits for in-flight firings and `dispose` before
   * it settles anyway; later sends of such actors are dropped.
   * @default 500
   */
  stopGraceMs?: number;
  /** Receives the lines actors write with `ctx.log`; when absent they are dropped. */
  log?: (entry: ActorLogEntry) => void;
  /**
   * Looks up a secret by name for `ctx.secret` (actors whose template names its secrets, such as
   * `DB_PASSWORD`); the caller masks what it answers, as for `${secret:...}` references. When absent, actors find none.
   */
  secret?: (name: string) => string | undefined;
  /** The execution's metadata as the client sent it, for `ctx.execution.metadata`. @default {} */
  metadata?: JsonObject;
  /**
   * The run's firing journal: the firings of every node whose actor has effects are recorded there, and those it
   * recorded before are replayed instead of made again (a run resumed after a crash). When absent, nothing is journaled.
   */
  journal?: FiringJournal;
  /**
   * Which outputs of the top-level graph report every packet sent to them (an array, in order) rather than the
   * last one, and the bytes each such output may hold. When absent, every output reports its last packet.
   */
  collect?: OutputCollection;
  /** When the run first started, epoch ms, for a run resumed after a crash: its result's start time and duration count from it. @default now */
  startedAt?: number;
  /**
   * Runs each attempt of each firing, subgraph nodes' included: it must call `fire` once and return what `fire`
   * returned (the actor's promise, unchanged). A host wraps firings in its own scope with it, such as a trace span
   * that the actor's outbound calls see. When absent, actors are called directly.
   */
  firingScope?: FiringScope;
}

/** Which firing {@link FiringScope} runs. */
export interface FiringIdentity {
  executionId: string;
  workflowId: string;
  /** The node's path (`parent/child` inside a subgraph). */
  nodeId: string;
  component: string;
  /** 1 for the first attempt, counting up with the node's retries. */
  attempt: number;
}

/** Calls `fire` (the actor) for one firing attempt, inside whatever scope the host keeps for it. */
export type FiringScope = (firing: FiringIdentity, fire: () => unknown) => unknown;

/** One diagnostic line an actor wrote with `ctx.log`. */
export interface ActorLogEntry {
  /** The node's path (`parent/child` inside a subgraph). */
  nodeId: string;
  component: string;
  message: string;
  fields?: JsonObject;
}

/** The state of a network: one value, never a set of booleans. */
export type NetworkState = 'ready' | 'running' | 'completed' | 'failed' | 'cancelled';

/** The outcome of asking a running network to take a new configuration for one node. */
export type ConfigUpdateOutcome = { ok: true } | { ok: false; reason: 'unknown-node' | 'not-running' | 'invalid'; issues: string[] };
