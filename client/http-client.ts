import createClient from 'openapi-fetch';
import { type components, type paths } from './generated/openapi';

/** Options of {@link createWorkflowClient}. */
export interface WorkflowClientOptions {
  /** The service's base URL. @example 'http://127.0.0.1:8080' */
  baseUrl: string;
  /** A bearer token, for servers configured with `auth_tokens`. */
  token?: string;
  /** A fetch implementation. @default globalThis.fetch */
  fetch?: typeof fetch;
}

/** A start request body. */
export type StartWorkflowBody = components['schemas']['StartWorkflowRequest'];
/** An execution as the status endpoint reports it. */
export type Execution = components['schemas']['Execution'];
/** One event of an execution's log. */
export type ExecutionEvent = components['schemas']['ExecutionEvent'];
/** A deployment request body. */
export type DeploymentBody = components['schemas']['DeploymentRequest'];
/** A deployment with its triggers and hooks. */
export type Deployment = components['schemas']['Deployment'];
/** An IDE workflow. */
export type IdeWorkflow = components['schemas']['IdeWorkflow'];

const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

/**
 * A typed HTTP client of the service. Every call resolves with openapi-fetch's `{ data, error, response }`:
 * `data` is the success envelope, `error` the error envelope.
 *
 * @example
 * const client = createWorkflowClient({ baseUrl: 'http://127.0.0.1:8080' });
 * const { data } = await client.startWorkflow({ graph_json, input: { x: 3 } });
 */
export function createWorkflowClient(options: WorkflowClientOptions) {
  const raw = createClient<paths, 'application/json'>({
    baseUrl: options.baseUrl,
    headers: options.token ? { Authorization: `Bearer ${options.token}` } : undefined,
    fetch: options.fetch,
  });
  const path = (execution_id: string) => ({ params: { path: { execution_id } } });
  const client = {
    /** The underlying openapi-fetch client, for anything not wrapped here. */
    raw,
    health: () => raw.GET('/health'),
    startWorkflow: (body: StartWorkflowBody) => raw.POST('/workflows', { body }),
    listWorkflows: (query: paths['/workflows']['get']['parameters']['query'] = {}) => raw.GET('/workflows', { params: { query } }),
    getWorkflow: (executionId: string) => raw.GET('/workflows/{execution_id}', path(executionId)),
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
    deleteDeployment: (deploymentId: string) => raw.DELETE('/deployments/{deployment_id}', { params: { path: { deployment_id: deploymentId } } }),
    /**
     * Polls an execution until it reaches a final state, and resolves with it.
     * @throws Error when it is not found or does not finish within `timeoutMs`
     */
    async waitForCompletion(executionId: string, { intervalMs = 50, timeoutMs = 30_000 } = {}): Promise<Execution> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const { data, error } = await client.getWorkflow(executionId);
        if (error) throw new Error(`Execution '${executionId}': ${error.error}`);
        if (TERMINAL.has(data.data.status)) return data.data;
        if (Date.now() > deadline) throw new Error(`Execution '${executionId}' did not finish within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, intervalMs));
      }
    },
  };
  return client;
}

/** The typed HTTP client of the service. */
export type WorkflowClient = ReturnType<typeof createWorkflowClient>;
