import { type DeploymentRecord, type DeploymentUpdate, type TriggerState, updatedRecord } from '../../deployments';
import { type DeploymentStore } from './deployment-store';

/** A deployment store in memory, for tests and for services that keep nothing. */
export class MemoryDeploymentStore implements DeploymentStore {
  private readonly records = new Map<string, DeploymentRecord>();

  insert(record: DeploymentRecord): boolean {
    if (this.records.has(record.id)) return false;
    this.records.set(record.id, record);
    return true;
  }

  get(id: string): DeploymentRecord | undefined {
    return this.records.get(id);
  }

  list(): DeploymentRecord[] {
    return [...this.records.values()].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  update(id: string, update: DeploymentUpdate): boolean {
    const record = this.records.get(id);
    if (record) this.records.set(id, updatedRecord(record, update));
    return record !== undefined;
  }

  delete(id: string): boolean {
    return this.records.delete(id);
  }

  saveTrigger(id: string, nodeId: string, state: TriggerState): void {
    const record = this.records.get(id);
    if (record) this.records.set(id, { ...record, triggers: { ...record.triggers, [nodeId]: state } });
  }

  close(): void {}
}
