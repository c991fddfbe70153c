import { type Deployment } from '../../model';
import { type DeploymentRecord, FRESH_TRIGGER } from './deployment-record';
import { type DeploymentPlan, type TriggerPlan } from './deployment-plan';

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/**
 * The public view of a deployment: its triggers with their counts and next ticks, and its hooks with the paths to
 * call. `throttled` tells the ticks of a trigger this node skipped over the ceiling on trigger starts.
 */
export function deploymentView(
  record: DeploymentRecord,
  plan: DeploymentPlan | undefined,
  problem: string | undefined,
  upcoming: (trigger: TriggerPlan) => number[],
  throttled: (trigger: TriggerPlan) => number = () => 0,
): Deployment {
  return {
    id: record.id,
    workflow_id: plan?.workflowId ?? record.id,
    kind: record.request.workflow === undefined ? 'graph' : 'ide',
    created_at: new Date(record.createdAt).toISOString(),
    ...(record.revisedAt === undefined ? {} : { updated_at: new Date(record.revisedAt).toISOString() }),
    paused: record.paused === true,
    ...(record.tenant === undefined ? {} : { tenant: record.tenant }),
    ...(problem === undefined ? {} : { problem }),
    ...(record.request.max_concurrent_runs === undefined ? {} : { max_concurrent_runs: record.request.max_concurrent_runs }),
    ...(record.request.continue_on_timeout === undefined ? {} : { continue_on_timeout: record.request.continue_on_timeout }),
    ...(record.request.collect === undefined ? {} : { collect: record.request.collect }),
    triggers: (plan?.triggers ?? []).map((trigger) => {
      const state = record.triggers[trigger.nodeId] ?? FRESH_TRIGGER;
      return {
        node_id: trigger.nodeId,
        type: trigger.type,
        schedule: trigger.type === 'cron' ? trigger.schedule : `every ${trigger.intervalMs} ms`,
        timezone: trigger.timezone,
        max_executions: trigger.maxExecutions,
        executions_started: state.executionsStarted,
        ticks_skipped: state.ticksSkipped,
        ticks_throttled: throttled(trigger),
        last_tick_at: iso(state.lastTickAt),
        last_execution_id: state.lastExecutionId,
        next_ticks: upcoming(trigger).map((at) => new Date(at).toISOString()),
      };
    }),
    hooks: (plan?.hooks ?? []).map((hook) => ({
      node_id: hook.nodeId,
      method: hook.method,
      path: hook.path,
      url_path: `/hooks/${record.id}${hook.path === '/' ? '' : hook.path}`,
      authentication: hook.authentication,
    })),
  };
}
