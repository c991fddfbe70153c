import { type DeploymentRecord } from './deployment-record';
import { type DeploymentPlan } from './deployment-plan';
import { type TriggerClock } from './trigger-clock';

/** A deployment the service runs: its record, its plan (absent when it no longer validates) and its armed timers. */
export interface ActiveDeployment {
  record: DeploymentRecord;
  readonly plan?: DeploymentPlan;
  readonly problem?: string;
  readonly clocks: Map<string, TriggerClock>;
  readonly timers: Map<string, () => void>;
  readonly armedAt: number;
  /** Ticks of each trigger skipped on this node over the ceiling on trigger starts. */
  readonly throttled: Map<string, number>;
  /** The last tick deciding whether to start a run, when the deployment caps its runs: such ticks take turns. */
  gate: Promise<void>;
}

/** What became of a deployment between two records of it (undefined when there was none), for the log. */
export function changeOf(before: DeploymentRecord | undefined, after: DeploymentRecord | undefined): string {
  if (after === undefined) return 'deleted';
  if (before === undefined) return 'created';
  if (before.createdAt !== after.createdAt) return 'replaced';
  if ((before.paused === true) !== (after.paused === true)) return after.paused === true ? 'paused' : 'resumed';
  return 'changed';
}

/**
 * Whether two records are the same deployment in the same state (its trigger states aside): not two deployed under
 * one name, nor one changed or paused since.
 */
export function isSameDeployment(a: DeploymentRecord, b: DeploymentRecord): boolean {
  return (
    a.createdAt === b.createdAt &&
    a.revisedAt === b.revisedAt &&
    (a.paused === true) === (b.paused === true) &&
    JSON.stringify(a.request) === JSON.stringify(b.request)
  );
}
