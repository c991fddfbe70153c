export { type DeploymentStore } from './deployment-store';
export { MemoryDeploymentStore } from './memory-deployment-store';
export { SqliteDeploymentStore } from './sqlite-deployment-store';
export { PostgresDeploymentStore } from './postgres-deployment-store';
