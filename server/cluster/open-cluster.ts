import { type Store } from 'express-rate-limit';
import { type Redis } from 'ioredis';
import { type ServerConfig } from '../config';
import { type DeploymentService } from '../deployments';
import { type ExecutionService } from '../executions';
import { PostgresAuditStore, PostgresDeploymentStore, PostgresExecutionStore, PostgresProtocolGraphStore } from '../storage';
import { type Logger } from '../logger';
import { ClusterDispatcher } from './cluster-dispatcher';
import { type ClusterRedisRole, connectClusterRedis } from './cluster-redis';
import { NodeLeases } from './node-leases';
import { PeerChannel } from './peer-channel';
import { sharedCounterStore } from './shared-counters';
import { tickClaims } from './tick-claims';

/** How long a cancel or configuration update asked of another node waits for its answer. */
const PEER_ANSWER_MS = 10_000;

/** The cluster's parts the services are built with, and how to start and stop what runs beside them. */
export interface Cluster {
  /** What the services take instead of their single-node defaults. */
  readonly parts: {
    store: PostgresExecutionStore;
    deploymentStore: PostgresDeploymentStore;
    protocolGraphStore: PostgresProtocolGraphStore;
    auditStore: PostgresAuditStore;
    dispatcher: ClusterDispatcher;
    peers: PeerChannel;
    claimTick: ReturnType<typeof tickClaims>;
  };
  /** A store of per-client counts shared by the nodes (the request budget, wrong tokens), by name. */
  sharedCounters(name: string): Store;
  /** Joins the services to the cluster: events of other nodes, their requests, this node's lease and the check of the others. */
  join(services: { executions: ExecutionService; deployments: DeploymentService }): Promise<void>;
  /** Leaves the cluster (after the services have shut down): gives the lease up and closes the connections. */
  leave(): Promise<void>;
}

/**
 * Connects this node to its cluster: PostgreSQL for executions, event logs, deployments and the FBP protocol
 * runtime's graphs (migrations applied),
 * Redis for the queue, the node leases, tick claims and messages between nodes, every key under the namespace.
 * @throws Error naming the server that could not be reached
 */
export async function openCluster(config: ServerConfig & { redis_url: string; database_url: string }, logger: Logger): Promise<Cluster> {
  const { namespace, node_id: nodeId } = config;
  const connections: Redis[] = [];
  const connect = (role: ClusterRedisRole = 'commands'): Redis => {
    const connection = connectClusterRedis(config.redis_url, role, config.redis_command_timeout_ms);
    connection.on('error', (error) => logger.debug({ err: error }, 'Redis connection error'));
    connections.push(connection);
    return connection;
  };
  const redis = connect();
  try {
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    throw new Error(`Cannot reach Redis at redis_url: ${(error as Error).message}`);
  }
  const store = await PostgresExecutionStore.open({ url: config.database_url, namespace, nodeId: config.node_id }).catch((error: unknown) => {
    redis.disconnect();
    throw new Error(`Cannot reach PostgreSQL at database_url: ${(error as Error).message}`);
  });
  const deploymentStore = await PostgresDeploymentStore.open({ url: config.database_url, namespace, logger });
  const protocolGraphStore = await PostgresProtocolGraphStore.open({ url: config.database_url, namespace, logger });
  const auditStore = await PostgresAuditStore.open({ url: config.database_url, namespace });
  const dispatcher = new ClusterDispatcher({
    namespace,
    connect,
    concurrency: config.max_concurrent_executions,
    failureTimeoutMs: config.node_failure_timeout_ms,
    written: () => store.written(),
    logger,
  });
  const peers = await PeerChannel.open({ namespace, nodeId, publisher: redis, subscriber: connect(), answerTimeoutMs: PEER_ANSWER_MS, logger });
  let leases: NodeLeases | undefined;
  const stops: (() => void)[] = [];
  return {
    parts: { store, deploymentStore, protocolGraphStore, auditStore, dispatcher, peers, claimTick: tickClaims(redis, namespace, nodeId) },
    sharedCounters: (name) => sharedCounterStore(redis, namespace, name),
    async join({ executions, deployments }) {
      stops.push(store.onAppended((executionId) => executions.noticeAppended(executionId)));
      stops.push(deploymentStore.onChange((deploymentId) => deployments.sync(deploymentId)));
      peers.serve(executions);
      leases = new NodeLeases({
        namespace,
        nodeId,
        redis,
        store,
        service: executions,
        failureTimeoutMs: config.node_failure_timeout_ms,
        redispatch: (executionId) => dispatcher.dispatch(executionId),
        logger,
      });
      await leases.start();
      logger.info({ namespace, service_node: nodeId }, 'Joined the cluster');
    },
    async leave() {
      for (const stop of stops) stop();
      await leases?.stop(true);
      await peers.close();
      await dispatcher.dispose();
      await Promise.all(connections.map((connection) => connection.quit().catch(() => connection.disconnect())));
    },
  };
}
