import { initServer } from '@ts-rest/express';
import { deploymentsContract } from '../../contract';
import { type AppServices, success } from '../transport';
import { tenantOfCaller } from './caller-tenant';

const s = initServer();

/**
 * Handlers of `/deployments`: deploy, list, read, change, pause, resume and remove stored workflows. A caller of a
 * tenant creates deployments of that tenant and sees and touches only those.
 */
export function deploymentRoutes({ deployments }: AppServices) {
  return s.router(deploymentsContract, {
    createDeployment: async ({ body, res }) => ({ status: 201, body: success(deployments.create(body, tenantOfCaller(res))) }),
    listDeployments: async ({ res }) => ({ status: 200, body: success({ items: deployments.list(tenantOfCaller(res)) }) }),
    getDeployment: async ({ params, res }) => ({ status: 200, body: success(deployments.get(params.deployment_id, tenantOfCaller(res))) }),
    updateDeployment: async ({ params, body, res }) => ({
      status: 200,
      body: success(deployments.update(params.deployment_id, body, tenantOfCaller(res))),
    }),
    pauseDeployment: async ({ params, res }) => ({ status: 200, body: success(deployments.pause(params.deployment_id, tenantOfCaller(res))) }),
    resumeDeployment: async ({ params, res }) => ({ status: 200, body: success(deployments.resume(params.deployment_id, tenantOfCaller(res))) }),
    deleteDeployment: async ({ params, res }) => {
      deployments.delete(params.deployment_id, tenantOfCaller(res));
      return { status: 200, body: success({ id: params.deployment_id, status: 'deleted' as const }) };
    },
  });
}
