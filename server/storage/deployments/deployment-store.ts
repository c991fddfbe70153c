import { type DeploymentRecord, type DeploymentUpdate } from '../../deployments';
import { type TriggerStateStore } from './trigger-state-store';

/**
 * Where deployments are kept: the embedded database of the service, PostgreSQL in a cluster, or memory in tests.
 * Its methods answer at once; a store that writes elsewhere writes in the background. It records the states of
 * the deployments' triggers too (see {@link TriggerStateStore}).
 */
export interface DeploymentStore extends TriggerStateStore {
  /** Adds a deployment; false when its id is taken. */
  insert(record: DeploymentRecord): boolean;
  get(id: string): DeploymentRecord | undefined;
  /** Every deployment, oldest first. */
  list(): DeploymentRecord[];
  /** Changes a deployment as `updatedRecord` does; false when there is none. */
  update(id: string, update: DeploymentUpdate): boolean;
  /** Removes a deployment; false when there was none. */
  delete(id: string): boolean;
  /** Releases the store; one that writes in the background answers a promise that settles once its writes are done. */
  close(): void | Promise<void>;
}
