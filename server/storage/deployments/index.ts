export { type DeploymentStore } from './deployment-store';
export { type TriggerStateStore } from './trigger-state-store';
export { MemoryDeploymentStore } from './memory-deployment-store';
export { SqliteDeploymentStore } from './sqlite-deployment-store';
export { PostgresDeploymentStore, type PostgresDeploymentStoreOptions, type DeploymentChangeListener } from './postgres-deployment-store';
