import { initServer } from '@ts-rest/express';
import { workflowsContract } from '../../contract';
import { type JsonObject } from '../engine';
import { type AppServices, success } from '../transport';
import { tenantOfCaller } from './caller-tenant';
import { executionSummary, executionView } from './execution-view';

const s = initServer();

/** Handlers of `/workflows`: start, list, status, stored request, cancel, events. */
export function workflowRoutes({ executions }: AppServices) {
  return s.router(workflowsContract, {
    startWorkflow: async ({ body, res }) => {
      const { execution, created } = await executions.startDurably(body, { source: 'http_api', tenant: tenantOfCaller(res) });
      const message = created ? 'Workflow execution started' : 'Workflow execution already started by an identical request';
      return { status: 200, body: success({ execution_id: execution.id, status: 'started' as const, message }) };
    },
    listWorkflows: async ({ query, res }) => {
      const page = await executions.list({
        tenant: tenantOfCaller(res),
        status: query.status,
        workflowId: query.workflow_id,
        deploymentId: query.deployment,
        limit: query.limit,
        cursor: query.cursor,
      });
      return { status: 200, body: success({ items: page.items.map(executionSummary), next_cursor: page.nextCursor }) };
    },
    // Without async and await: the read clients poll is answered a promise turn sooner.
    getWorkflow: ({ params, res }) =>
      executions.get(params.execution_id, tenantOfCaller(res)).then((record) => ({ status: 200 as const, body: success(executionView(record)) })),
    getWorkflowRequest: async ({ params, res }) => {
      return { status: 200, body: success((await executions.get(params.execution_id, tenantOfCaller(res))).request) };
    },
    cancelWorkflow: async ({ params, res }) => {
      const execution = await executions.cancel(params.execution_id, undefined, tenantOfCaller(res));
      return { status: 200, body: success({ execution_id: execution.id, status: 'cancelled' as const }) };
    },
    deleteWorkflow: async ({ params, res }) => {
      await executions.delete(params.execution_id, tenantOfCaller(res));
      return { status: 200, body: success({ execution_id: params.execution_id, status: 'deleted' as const }) };
    },
    updateNodeConfig: async ({ params, body, res }) => {
      await executions.updateNodeConfig(params.execution_id, params.node_id, body as JsonObject, tenantOfCaller(res));
      return { status: 200, body: success({ execution_id: params.execution_id, node_id: params.node_id, status: 'updated' as const }) };
    },
    getWorkflowEvents: async ({ params, query, res }) => {
      const page = await executions.readEventPage(params.execution_id, query.from_seq, query.limit, tenantOfCaller(res));
      return { status: 200, body: success({ execution_id: params.execution_id, events: page.events, next_seq: page.nextSeq }) };
    },
  });
}
