export { type DeploymentRecord, type TriggerState, FRESH_TRIGGER } from './deployment-record';
export { DeploymentService, type HookCallOutcome } from './deployment-service';
export { HookAnswers } from './hook-answers';
