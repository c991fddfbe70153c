import { type Catalogue, type FiringScope, type JsonObject } from '../../engine';
import { type Logger } from '../../logger';
import { type ExecutionStore } from '../../storage';
import { type ExecutionAnnouncer } from '../follow/execution-announcer';
import { type EventLogLimits } from './event-log-budget';
import { type ExecutionRun } from './execution-run';

/** What the runs of one service share: where they record, whom they tell, and the service's limits and secrets. */
export interface RunEnvironment {
  readonly catalogue: Catalogue;
  readonly store: ExecutionStore;
  readonly announcer: ExecutionAnnouncer;
  /** The runs of this node by execution id. Invariant: a run is here from its claim (or adoption) until its terminal event is logged or it is suspended. */
  readonly owned: Map<string, ExecutionRun>;
  readonly now: () => number;
  /** This node's id: what a resumed run's ExecutionResumed event names. */
  readonly nodeId: string;
  /**
   * Whether runs keep a firing journal, so that one interrupted by the end of its process resumes when a process
   * starts again (`resume_interrupted_runs`); a run whose metadata says `resume_if_interrupted: false` does not.
   */
  readonly resumeInterruptedRuns: boolean;
  readonly logger: Logger;
  /** The events and bytes each run logs in full. */
  readonly logLimits: EventLogLimits;
  /** An output larger than this (as JSON) is kept as a marker text. */
  readonly maxResultBytes: number;
  /** Timeout of a run whose request sets none; 0 means none. */
  readonly defaultTimeoutMs: number;
  readonly maxEventPayloadBytes?: number;
  /** Resolves secret references in a node's configuration, reporting each secret value it resolves. */
  readonly resolveConfig?: (config: JsonObject, nodeId: string, onSecret: (value: string) => void) => JsonObject;
  /** Looks up a named secret for `ctx.secret`. */
  readonly lookupSecret?: (name: string) => string | undefined;
  /** Runs each firing of the runs, when the service traces them. */
  readonly firingScope?: FiringScope;
}
