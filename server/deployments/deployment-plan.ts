import { type z } from 'zod';
import { type DeploymentRequest, type GraphJson } from '../../model';
import { CronTriggerConfigSchema, IntervalTriggerConfigSchema, type NamedSecretLookup, ServerRequestConfigSchema, type ServerRequestConfig } from '../actors';
import { type Catalogue, type ValidGraph, mergeConfig } from '../engine';
import { AppError, type ErrorDetail, validationFailure } from '../errors';
import { type ExecutionService, graphError, workflowIdOf } from '../executions';
import { runnableIdeWorkflow } from '../ide';

/** A trigger node of a deployment, with its schedule read from its configuration. */
export type TriggerPlan =
  | { readonly nodeId: string; readonly type: 'cron'; readonly schedule: string; readonly timezone: string; readonly maxExecutions: number }
  | {
      readonly nodeId: string;
      readonly type: 'interval';
      readonly intervalMs: number;
      readonly startImmediately: boolean;
      readonly timezone: string;
      readonly maxExecutions: number;
    };

/** The authentication types a hook checks. */
type HookAuthentication = 'None' | 'Bearer Token' | 'API Key' | 'Basic Auth';

/** A Server Request node of a deployment: the requests it answers and how they are checked and read. */
export interface HookPlan {
  readonly nodeId: string;
  /** GET, POST, ... or ANY. */
  readonly method: string;
  /** Starts with `/`, no trailing `/` (the root is `/`). */
  readonly path: string;
  readonly authentication: HookAuthentication;
  readonly authSecret: string;
  readonly apiKeyHeader: string;
  readonly dataFormat: ServerRequestConfig['dataFormat'];
}

/** A deployment made ready: the graph every run starts, its workflow id, its triggers and its hooks. */
export interface DeploymentPlan {
  readonly kind: 'ide' | 'graph';
  readonly workflowId: string;
  readonly graphJson: GraphJson;
  readonly triggers: readonly TriggerPlan[];
  readonly hooks: readonly HookPlan[];
}

/** What planning needs from the service. */
export interface PlanContext {
  readonly catalogue: Catalogue;
  readonly executions: ExecutionService;
  readonly secret: NamedSecretLookup;
}

const TRIGGER_AUTH: Record<string, HookAuthentication> = { none: 'None', bearer: 'Bearer Token', apikey: 'API Key', basic: 'Basic Auth' };
const PATH = /^\/[A-Za-z0-9._~!$&'()*+,;=:@%/-]*$/;

/**
 * Reads a deployment request: converts an IDE workflow or reads the graph, validates it as a start would, and
 * finds the trigger and Server Request nodes of its top level (nodes inside subgraphs do not start runs).
 * @throws AppError VALIDATION_FAILED naming each problem: the graph's, and a hook that asks for WebSocket or
 * Custom authentication, names a secret that is not configured, or takes a method and path another hook takes.
 */
export function planDeployment(request: DeploymentRequest, context: PlanContext): DeploymentPlan {
  const ide = request.workflow === undefined ? undefined : runnableIdeWorkflow(request.workflow, context.catalogue);
  const check = context.executions.checkGraph({
    graph_json: ide?.graph ?? request.graph_json,
    graph_fbp: ide === undefined ? request.graph_fbp : undefined,
    input: request.input,
    metadata: {},
  });
  if (check.graph === undefined || check.graphJson === undefined) throw graphError(check);
  context.executions.checkCollect(request.collect, check.graph);
  const graphJson = check.graphJson;
  const workflowId = ide?.workflowId || workflowIdOf({ graph_json: graphJson, input: {}, metadata: { workflow_id: undefined } }) || request.name;
  const issues: ErrorDetail[] = [];
  const triggerConfig = ide === undefined ? undefined : restTriggerConfig(request.workflow);
  const triggers: TriggerPlan[] = [];
  const hooks: HookPlan[] = [];
  for (const node of check.graph.nodes) {
    if (node.component === 'tpl_cron_trigger') {
      const config = configOf(CronTriggerConfigSchema, node);
      triggers.push({ nodeId: node.id, type: 'cron', schedule: config.schedule, timezone: config.timezone, maxExecutions: config.maxExecutions });
    } else if (node.component === 'tpl_interval_trigger') {
      const config = configOf(IntervalTriggerConfigSchema, node);
      triggers.push({
        nodeId: node.id,
        type: 'interval',
        intervalMs: config.interval,
        startImmediately: config.startImmediately,
        timezone: config.timezone,
        maxExecutions: config.maxExecutions,
      });
    } else if (node.component === 'tpl_server_request') {
      const hook = hookOf(node, configOf(ServerRequestConfigSchema, node), triggerConfig, context.secret, issues);
      if (hook === undefined) continue;
      if (hooks.some((other) => other.path === hook.path && (other.method === hook.method || other.method === 'ANY' || hook.method === 'ANY'))) {
        issues.push({
          path: `nodes.${node.id}`,
          message: `Server Request '${node.id}' takes ${hook.method} ${hook.path}, which another Server Request node of the workflow takes`,
        });
      }
      hooks.push(hook);
    }
  }
  if (issues.length > 0) throw validationFailure('deployment', issues);
  return { kind: ide === undefined ? 'graph' : 'ide', workflowId, graphJson, triggers, hooks };
}

// The configuration of a node the graph check has already accepted, so parsing it again cannot fail.
function configOf<S extends z.ZodTypeAny>(schema: S, node: ValidGraph['nodes'][number]): z.output<S> {
  const parsed = schema.safeParse(mergeConfig(undefined, node.propertyValues, node.config));
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', `Node '${node.id}': ${parsed.error.issues[0]?.message ?? 'invalid configuration'}`);
  return parsed.data as z.output<S>;
}

function restTriggerConfig(workflow: unknown): { method?: string; path?: string; authentication?: HookAuthentication } | undefined {
  const trigger = isRecord(workflow) ? workflow.triggerConfig : undefined;
  if (!isRecord(trigger) || trigger.type !== 'rest' || !isRecord(trigger.config)) return undefined;
  const { method, path, authentication } = trigger.config;
  return {
    method: typeof method === 'string' ? method.toUpperCase() : undefined,
    path: typeof path === 'string' ? path : undefined,
    authentication: typeof authentication === 'string' ? TRIGGER_AUTH[authentication.toLowerCase()] : undefined,
  };
}

function hookOf(
  node: ValidGraph['nodes'][number],
  config: ServerRequestConfig,
  trigger: ReturnType<typeof restTriggerConfig>,
  secret: NamedSecretLookup,
  issues: ErrorDetail[],
): HookPlan | undefined {
  const at = `nodes.${node.id}`;
  if (config.requestType === 'WebSocket') {
    issues.push({
      path: `${at}.requestType`,
      message: `Server Request '${node.id}' asks for WebSocket requests, which deployments do not answer yet: use HTTP or Any`,
    });
    return undefined;
  }
  const authentication = config.authentication !== 'None' ? config.authentication : (trigger?.authentication ?? 'None');
  if (authentication === 'Custom') {
    issues.push({
      path: `${at}.authentication`,
      message: `Server Request '${node.id}' asks for Custom authentication, which has no rule to check: use Bearer Token, API Key or Basic Auth`,
    });
    return undefined;
  }
  if (authentication !== 'None' && secret(config.authSecret) === undefined) {
    issues.push({
      path: `${at}.authSecret`,
      message: `Server Request '${node.id}' checks ${authentication} against the secret ${config.authSecret}, which is not configured`,
    });
  }
  const path = normalPath(config.path ?? trigger?.path ?? '/');
  if (!PATH.test(path)) issues.push({ path: `${at}.path`, message: `Server Request '${node.id}': '${path}' is not a URL path` });
  const method = config.method !== 'ANY' ? config.method : (trigger?.method ?? 'ANY');
  return {
    nodeId: node.id,
    method,
    path,
    authentication,
    authSecret: config.authSecret,
    apiKeyHeader: config.apiKeyHeader.toLowerCase(),
    dataFormat: config.dataFormat,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A hook path as it is matched: one leading `/`, no trailing `/`, no empty segments. */
export function normalPath(path: string): string {
  return `/${path
    .split('/')
    .filter((segment) => segment !== '')
    .join('/')}`;
}
