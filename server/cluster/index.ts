export { type Cluster, openCluster } from './open-cluster';
export { deleteNamespaceKeys } from './namespace-keys';
export { type ClusterRedisRole, clusterRedisOptions, connectClusterRedis } from './cluster-redis';
export { tickClaims } from './tick-claims';
export { sharedCounterStore } from './shared-counters';
