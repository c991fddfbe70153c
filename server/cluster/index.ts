export { type Cluster, openCluster } from './open-cluster';
export { deleteNamespaceKeys } from './namespace-keys';
export { sharedCounterStore } from './shared-counters';
