export { type DeploymentRecord, type TriggerState } from './deployment-record';
export { type DeploymentStore, MemoryDeploymentStore } from './deployment-store';
export { SqliteDeploymentStore } from './sqlite-deployment-store';
export { DeploymentService, type DeploymentServiceOptions, type HookCall, type HookCallOutcome } from './deployment-service';
export { HookAnswers, type HookOutcome } from './hook-answers';
export { PostgresDeploymentStore } from './postgres-deployment-store';
export { DEFAULT_DEPLOYMENT_LIMITS, type DeploymentLimits, TICK_SKIP_REASONS, type TickSkipReason } from './deployment-limits';
