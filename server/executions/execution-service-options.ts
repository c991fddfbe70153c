import { type Catalogue, type FiringScope, type GraphComponents, type JsonObject } from '../engine';
import { type Logger } from '../logger';
import { type ExecutionObserver } from './execution-observer';
import { type ExecutionStore } from '../storage';
import { type PeerNodes } from './placement/peer-nodes';
import { type RunDispatcher } from './placement/run-dispatcher';
import { type WebhookNotifier } from './webhook-notifier';
import { type TenantsConfig } from '../tenants';

/** What the execution service is built from. */
export interface ExecutionServiceOptions {
  catalogue: Catalogue;
  /** Components that are graphs (the FBP protocol runtime's): a process naming one runs that graph as a subgraph node. */
  graphComponents?: GraphComponents;
  store: ExecutionStore;
  /** Epoch-milliseconds clock. @default Date.now */
  now?: () => number;
  /** Makes execution ids when a request has none. @default crypto.randomUUID */
  newId?: () => string;
  /** Executions running at once; later ones wait as `queued`. @default 16 */
  maxConcurrentExecutions?: number;
  /** Where written executions run. @default a {@link LocalDispatcher} of `maxConcurrentExecutions` slots */
  dispatcher?: RunDispatcher;
  /** The name of this node, recorded on the executions it runs. @default 'local' */
  nodeId?: string;
  /** How to reach the nodes that run other executions, in a cluster. */
  peers?: PeerNodes;
  /**
   * Whether a run interrupted by the end of its process (a crash, a kill, a shutdown whose grace ran out) resumes
   * when a process starts again, or a node of the cluster finds it, keeping a firing journal meanwhile; a run's
   * metadata may opt out with `resume_if_interrupted: false`. When off, such runs fail. @default true
   */
  resumeInterruptedRuns?: boolean;
  /** Timeout of a run whose request sets none; 0 means none. @default 0 */
  defaultTimeoutMs?: number;
  /** Configuration every actor starts from. */
  defaultActorConfig?: JsonObject;
  /** An output of a run larger than this (as JSON) is kept as a marker text. @default 10 MiB */
  maxResultBytes?: number;
  /** Events a run logs, of every kind, before its further events are left out (counted in one EventsDropped); the terminal event and a reserve of failures are always logged. @default 100000 */
  maxEventsPerExecution?: number;
  /** Bytes of events (as JSON) a run logs before its further events are left out, as past `maxEventsPerExecution`. @default 64 MiB */
  maxEventLogBytes?: number;
  /** Why the data directory takes no new executions now (its budget is spent), or undefined when it does: starts then answer STORAGE_FULL. */
  storageFull?: () => string | undefined;
  /**
   * Resolves secret references in actor configuration, reporting each secret value it resolves through
   * `onSecret`: every one is masked (`***`) in what the run stores and emits. `tenant` is the run's (undefined: a
   * run of no tenant), so that a secret the run may not name resolves as one that does not exist.
   */
  resolveConfig?: (config: JsonObject, nodeId: string, onSecret: (value: string) => void, tenant: string | undefined) => JsonObject;
  /**
   * Looks up a named secret for actors that read one (`ctx.secret`) in a run of `tenant`; each value answered is
   * masked like a resolved reference.
   */
  lookupSecret?: (name: string, tenant: string | undefined) => string | undefined;
  /** Each tenant's own limits: `max_active_executions` refuses its starts, `max_event_log_mb` replaces `maxEventLogBytes` for its runs. @default {} */
  tenants?: TenantsConfig;
  /** Event payloads longer than this (JSON characters) are truncated. @default 65536 */
  maxEventPayloadBytes?: number;
  /** Runs each firing of every run this node makes (see `NetworkOptions.firingScope`): tracing wraps firings in their spans with it. */
  firingScope?: FiringScope;
  /** Followers of every execution (the IDE event bridge). */
  observers?: readonly ExecutionObserver[];
  /** Sends the final state to `metadata.webhook_url`. */
  webhooks?: WebhookNotifier;
  logger?: Logger;
}
