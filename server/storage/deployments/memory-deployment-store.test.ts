import { MemoryDeploymentStore } from './memory-deployment-store';
import { describeDeploymentStore } from '../../../test/support/deployment-store-cases';

describeDeploymentStore('MemoryDeploymentStore', { open: async () => new MemoryDeploymentStore() });
