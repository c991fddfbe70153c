import { type Catalogue, type FiringScope, type JsonObject } from '../../engine';
import { BYTES_PER_MIB } from '../../../model';
import { type TenantsConfig } from '../../tenants';
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
  /** The events and bytes each run logs in full, unless its tenant sets its own bytes (see {@link logLimitsOf}). */
  readonly logLimits: EventLogLimits;
  /** Each tenant's own limits. */
  readonly tenants?: TenantsConfig;
  /** An output larger than this (as JSON) is kept as a marker text. */
  readonly maxResultBytes: number;
  /** Timeout of a run whose request sets none; 0 means none. */
  readonly defaultTimeoutMs: number;
  readonly maxEventPayloadBytes?: number;
  /** Resolves secret references in a node's configuration for a run of `tenant`, reporting each secret value it resolves. */
  readonly resolveConfig?: (config: JsonObject, nodeId: string, onSecret: (value: string) => void, tenant: string | undefined) => JsonObject;
  /** Looks up a named secret for `ctx.secret` in a run of `tenant`. */
  readonly lookupSecret?: (name: string, tenant: string | undefined) => string | undefined;
  /** Runs each firing of the runs, when the service traces them. */
  readonly firingScope?: FiringScope;
}

/** The event-log limits of a run of `tenant`: its tenant's `max_event_log_mb`, when set, in place of the service's bytes. */
export function logLimitsOf(env: RunEnvironment, tenant: string | undefined): EventLogLimits {
  const tenantMb = tenant === undefined ? undefined : env.tenants?.[tenant]?.max_event_log_mb;
  return tenantMb === undefined ? env.logLimits : { ...env.logLimits, maxBytes: tenantMb * BYTES_PER_MIB };
}
