import { type GraphJson } from '../../model';
import { AppError } from '../errors';

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
 * Refuses a new deployment of `tenant` when the tenant already keeps its own `max_deployments` (`limit`), counted
 * by the caller in the store so that the limit holds across the nodes of a cluster.
 * @throws AppError LIMIT_REACHED naming the tenant and its limit
 */
export function checkTenantDeploymentCount(tenant: string, count: number, limit: number | undefined): void {
  if (limit === undefined || count < limit) return;
  throw new AppError(
    'LIMIT_REACHED',
    `Tenant '${tenant}' keeps ${count} deployments, its limit (tenants.${tenant}.max_deployments = ${limit}): delete one first`,
  );
}

/** The components of the trigger nodes that start a deployment's runs. */
const TRIGGER_COMPONENTS = new Set(['tpl_cron_trigger', 'tpl_interval_trigger']);

/**
 * The trigger nodes at the top level of a graph as sent, counted before the graph is checked: a workflow of
 * hundreds of triggers is refused without the cost of checking all its nodes.
 */
export function triggerNodeCount(graph: GraphJson): number {
  return Object.values(graph.processes ?? {}).filter((process) => TRIGGER_COMPONENTS.has(process.component)).length;
}

/**
 * Refuses a deployment with more trigger nodes than `maxTriggersPerDeployment`: each arms a timer and starts runs.
 * @throws AppError VALIDATION_FAILED naming the count and the limit
 */
export function checkTriggerCount(count: number, limits: DeploymentLimits): void {
  if (count <= limits.maxTriggersPerDeployment) return;
  const message = `The workflow has ${count} trigger nodes, more than a deployment may have (max_triggers_per_deployment = ${limits.maxTriggersPerDeployment})`;
  throw new AppError('VALIDATION_FAILED', message, { details: [{ path: 'graph.nodes', message }] });
}
