import { type TriggerState } from '../../deployments';

/**
 * Where what each trigger of a deployment has done is recorded: the runs its ticks started, the ticks it skipped,
 * its last tick and run. A restart keeps counting from it and catches up a tick missed while the service was down.
 * The states are read back with their deployment (`DeploymentRecord.triggers`): every deployment adapter keeps
 * them beside the deployment, and writes one trigger's state without touching the others.
 */
export interface TriggerStateStore {
  /** Records what one trigger (`nodeId`) of deployment `id` has done; a deployment the store lacks is ignored. */
  saveTrigger(id: string, nodeId: string, state: TriggerState): void;
}
