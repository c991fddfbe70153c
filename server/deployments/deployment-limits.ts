import { AppError } from '../errors';
import { type DeploymentPlan } from './deployment-plan';

/** Why a trigger's tick started no run; the label of the skipped-ticks counter. */
export const TICK_SKIP_REASONS = ['previous_run_going', 'max_concurrent_runs', 'max_trigger_starts_per_second'] as const;

/** One of {@link TICK_SKIP_REASONS}. */
export type TickSkipReason = (typeof TICK_SKIP_REASONS)[number];

/** The server's caps on deployments and their triggers. */
export interface DeploymentLimits {
  /** Deployments the service keeps; one more is refused. @default 100 */
  readonly maxDeployments: number;
  /** Trigger nodes one deployment may have. @default 10 */
  readonly maxTriggersPerDeployment: number;
  /** Runs the triggers of every deployment together may start per second on this node. @default 10 */
  readonly maxTriggerStartsPerSecond: number;
}

/** The caps a service gets when its options set none. */
export const DEFAULT_DEPLOYMENT_LIMITS: DeploymentLimits = { maxDeployments: 100, maxTriggersPerDeployment: 10, maxTriggerStartsPerSecond: 10 };

/**
 * Refuses a new deployment when the service already keeps `maxDeployments`.
 * @throws AppError LIMIT_REACHED naming the limit
 */
export function checkDeploymentCount(count: number, limits: DeploymentLimits): void {
  if (count < limits.maxDeployments) return;
  throw new AppError('LIMIT_REACHED', `The service keeps ${count} deployments, its limit (max_deployments = ${limits.maxDeployments}): delete one first`);
}

/**
 * Refuses a deployment with more trigger nodes than `maxTriggersPerDeployment`: each arms a timer and starts runs.
 * @throws AppError VALIDATION_FAILED naming the count and the limit
 */
export function checkTriggerCount(plan: DeploymentPlan, limits: DeploymentLimits): void {
  const count = plan.triggers.length;
  if (count <= limits.maxTriggersPerDeployment) return;
  const message = `The workflow has ${count} trigger nodes, more than a deployment may have (max_triggers_per_deployment = ${limits.maxTriggersPerDeployment})`;
  throw new AppError('VALIDATION_FAILED', message, { details: [{ path: 'graph.nodes', message }] });
}
