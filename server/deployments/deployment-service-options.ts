import { type Catalogue } from '../engine';
import { type ExecutionService } from '../executions';
import { type Logger } from '../logger';
import { type DeploymentStore } from '../storage';
import { type TenantsConfig } from '../tenants';
import { type DeploymentLimits, type TickSkipReason } from './deployment-limits';
import { type HookAnswers } from './hook-answers';

/** What the deployment service is built from. */
export interface DeploymentServiceOptions {
  store: DeploymentStore;
  executions: ExecutionService;
  catalogue: Catalogue;
  /**
   * The operator's named secrets, as the deployments of `tenant` (undefined: of no tenant) may name them: what
   * hooks check callers against. A secret another tenant limits is not there.
   */
  secret: (name: string, tenant: string | undefined) => string | undefined;
  /** Where Server Response nodes leave their answers. */
  answers: HookAnswers;
  /** Epoch-milliseconds clock. @default Date.now */
  now?: () => number;
  /** Run one catch-up tick, at start-up, for a trigger whose ticks fell while the service was down. @default false */
  catchUpMissedTicks?: boolean;
  /** How long a hook waits for its run's answer before answering 504. @default 30000 */
  hookTimeoutMs?: number;
  /** Runs the hooks of one deployment may have going at once on this node. @default 8 */
  maxConcurrentHookRuns?: number;
  /**
   * Claims one tick of a trigger for this node, in a cluster where every node arms every trigger: the tick runs
   * on the node that claims it. `tickKey` names the tick alike on every node (see {@link tickKey}), so a claim
   * keyed by the three arguments is taken once per tick. @default every tick is this node's
   */
  claimTick?: (deploymentId: string, triggerNodeId: string, tickKey: string) => Promise<boolean>;
  /** Caps on deployments, their triggers and the runs triggers start. @default DEFAULT_DEPLOYMENT_LIMITS */
  limits?: Partial<DeploymentLimits>;
  /** Each tenant's own limits: `max_deployments` caps the deployments its tokens create. @default no tenant has a limit of its own */
  tenants?: TenantsConfig;
  /** Told of each tick that started no run, and why (for metrics). */
  onTickSkipped?: (reason: TickSkipReason) => void;
  logger?: Logger;
}
