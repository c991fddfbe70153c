export { type DeploymentRecord, type TriggerState, FRESH_TRIGGER } from './deployment-record';
export { DeploymentService, type DeploymentServiceOptions, type HookCall, type HookCallOutcome } from './deployment-service';
export { HookAnswers, type HookOutcome } from './hook-answers';
export { DEFAULT_DEPLOYMENT_LIMITS, type DeploymentLimits, TICK_SKIP_REASONS, type TickSkipReason } from './deployment-limits';
