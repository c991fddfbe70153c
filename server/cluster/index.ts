export { type Cluster, openCluster } from './open-cluster';
