import { type EventStreamOptions, streamExecutionEvents } from './event-stream';
import { type WaitOptions, waitForExecution } from './execution-waiter';
import { type components, type paths } from './generated/openapi';
import { createRawClient } from './raw-client';
import { type WorkflowSocket } from './ws-client';

/** Options of {@link createWorkflowClient}. */
export interface WorkflowClientOptions {
  /** The service's base URL. @example 'http://127.0.0.1:8080' */
  baseUrl: string;
  /** A bearer token, for servers configured with `auth_tokens`. */
  token?: string | undefined;
  /** A fetch implementation. @default globalThis.fetch */
  fetch?: typeof fetch | undefined;
  /** An open socket of the same server: `waitForCompletion` then follows events over it instead of Server-Sent Events. */
  socket?: WorkflowSocket | undefined;
}

/** A start request body. */
export type StartWorkflowBody = components['schemas']['StartWorkflowRequest'];
/** Which outputs of a run report every packet: `'all'`, or output names each mapped to `'last'` or `'all'`. */
export type Collect = components['schemas']['Collect'];
/** An execution as the status endpoint reports it. */
export type Execution = components['schemas']['Execution'];
/** One event of an execution's log. */
export type ExecutionEvent = components['schemas']['ExecutionEvent'];
/** A deployment request body. */
export type DeploymentBody = components['schemas']['DeploymentRequest'];
/** The body of a deployment change: the fields to replace, `null` to remove a setting, `paused` to pause or resume. */
export type DeploymentPatchBody = components['schemas']['DeploymentPatch'];
/** A deployment with its triggers and hooks. */
export type Deployment = components['schemas']['Deployment'];
/** An IDE workflow. */
export type IdeWorkflow = components['schemas']['IdeWorkflow'];

/**
 * A typed HTTP client of the service. Every call resolves with openapi-fetch's `{ data, error, response }`:
 * `data` is the success envelope, `error` the error envelope.
 *
 * @example
 * const client = createWorkflowClient({ baseUrl: 'http://127.0.0.1:8080' });
 * const { data } = await client.startWorkflow({ graph_json, input: { x: 3 } });
 */
export function createWorkflowClient(options: WorkflowClientOptions) {
  const raw = createRawClient(options);
  const path = (execution_id: string) => ({ params: { path: { execution_id } } });
  const client = {
    /** The underlying openapi-fetch client, for anything not wrapped here. */
    raw,
    health: () => raw.GET('/health'),
    startWorkflow: (body: StartWorkflowBody) => raw.POST('/workflows', { body }),
    listWorkflows: (query: paths['/workflows']['get']['parameters']['query'] = {}) => raw.GET('/workflows', { params: { query } }),
    getWorkflow: (executionId: string) => raw.GET('/workflows/{execution_id}', path(executionId)),
    /** The request an execution was started with (graph as FBP JSON, input, metadata): what a re-run posts again. */
    getWorkflowRequest: (executionId: string) => raw.GET('/workflows/{execution_id}/request', path(executionId)),
    cancelWorkflow: (executionId: string) => raw.POST('/workflows/{execution_id}/cancel', path(executionId)),
    deleteWorkflow: (executionId: string) => raw.DELETE('/workflows/{execution_id}', path(executionId)),
    /** Checks a graph (`graph_json` or `graph_fbp`, and optionally its `input`) as a start would, without running it. */
    validateGraph: (body: components['schemas']['ValidateGraphRequest']) => raw.POST('/graphs/validate', { body }),
    getWorkflowEvents: (executionId: string, query: { from_seq?: number; limit?: number } = {}) =>
      raw.GET('/workflows/{execution_id}/events', { params: { path: { execution_id: executionId }, query } }),
    updateNodeConfig: (executionId: string, nodeId: string, config: Record<string, unknown>) =>
      raw.PATCH('/workflows/{execution_id}/nodes/{node_id}/config', { params: { path: { execution_id: executionId, node_id: nodeId } }, body: config }),
    listActors: () => raw.GET('/actors'),
    getActor: (actorId: string) => raw.GET('/actors/{actor_id}', { params: { path: { actor_id: actorId } } }),
    executeIdeWorkflow: (body: components['schemas']['IdeExecuteRequest']) => raw.POST('/ide/workflows', { body }),
    convertIdeWorkflow: (workflow: IdeWorkflow) => raw.POST('/ide/convert', { body: workflow }),
    createDeployment: (body: DeploymentBody) => raw.POST('/deployments', { body }),
    listDeployments: () => raw.GET('/deployments'),
    getDeployment: (deploymentId: string) => raw.GET('/deployments/{deployment_id}', { params: { path: { deployment_id: deploymentId } } }),
    /** Changes a deployment in place: the fields given replace its workflow, input or settings, or pause or resume it. */
    updateDeployment: (deploymentId: string, body: DeploymentPatchBody) =>
      raw.PATCH('/deployments/{deployment_id}', { params: { path: { deployment_id: deploymentId } }, body }),
    /** Stops a deployment's triggers and hooks until it is resumed. */
    pauseDeployment: (deploymentId: string) => raw.POST('/deployments/{deployment_id}/pause', { params: { path: { deployment_id: deploymentId } } }),
    resumeDeployment: (deploymentId: string) => raw.POST('/deployments/{deployment_id}/resume', { params: { path: { deployment_id: deploymentId } } }),
    deleteDeployment: (deploymentId: string) => raw.DELETE('/deployments/{deployment_id}', { params: { path: { deployment_id: deploymentId } } }),
    /** A page of the audit trail, newest first (needs the admin scope); pass `next_cursor` as `cursor` for the next. */
    listAudit: (query: paths['/audit']['get']['parameters']['query'] = {}) => raw.GET('/audit', { params: { query } }),
    /**
     * Follows an execution's events over Server-Sent Events from `fromSeq`, ending after its terminal event;
     * a dropped connection is resumed after the last event read.
     * @throws Error when the execution is not found; EventStreamUnavailableError when the server streams no events
     */
    streamEvents: (executionId: string, streamOptions: EventStreamOptions = {}) => streamExecutionEvents(raw, executionId, streamOptions),
    /**
     * Resolves with an execution once it reaches a final state, following its events (over `socket` when the
     * client has one, else Server-Sent Events) and polling, with backoff and within the server's rate limit,
     * only when the server streams none. A wait costs three requests however long the run: read, stream, read.
     * @throws Error naming the execution when it is not found or does not finish within `timeoutMs`
     */
    waitForCompletion: (executionId: string, waitOptions: WaitOptions = {}): Promise<Execution> =>
      waitForExecution(raw, options.socket, executionId, waitOptions),
  };
  return client;
}

/** The typed HTTP client of the service. */
export type WorkflowClient = ReturnType<typeof createWorkflowClient>;
