import { initServer } from '@ts-rest/express';
import { deploymentsContract } from '../../contract';
import { type AppServices, success } from '../transport';

const s = initServer();

/** Handlers of `/deployments`: deploy, list, read, change, pause, resume and remove stored workflows. */
export function deploymentRoutes({ deployments }: AppServices) {
  return s.router(deploymentsContract, {
    createDeployment: async ({ body }) => ({ status: 201, body: success(deployments.create(body)) }),
    listDeployments: async () => ({ status: 200, body: success({ items: deployments.list() }) }),
    getDeployment: async ({ params }) => ({ status: 200, body: success(deployments.get(params.deployment_id)) }),
    updateDeployment: async ({ params, body }) => ({ status: 200, body: success(deployments.update(params.deployment_id, body)) }),
    pauseDeployment: async ({ params }) => ({ status: 200, body: success(deployments.pause(params.deployment_id)) }),
    resumeDeployment: async ({ params }) => ({ status: 200, body: success(deployments.resume(params.deployment_id)) }),
    deleteDeployment: async ({ params }) => {
      deployments.delete(params.deployment_id);
      return { status: 200, body: success({ id: params.deployment_id, status: 'deleted' as const }) };
    },
  });
}
