export { type DeploymentRecord, type DeploymentUpdate, type TriggerState, FRESH_TRIGGER, updatedRecord } from './deployment-record';
export { DeploymentService, type HookCallOutcome } from './deployment-service';
export { HookAnswers } from './hook-answers';
