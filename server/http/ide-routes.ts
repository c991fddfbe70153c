import { initServer } from '@ts-rest/express';
import { ideContract } from '../../contract';
import { convertOrThrow, startIdeWorkflow } from '../ide';
import { type AppServices, success } from '../transport';
import { tenantOfCaller } from './caller-tenant';

const s = initServer();

/** Handlers of `/ide/*`: convert an IDE workflow, or convert and run it. */
export function ideRoutes({ executions, catalogue }: AppServices) {
  return s.router(ideContract, {
    convertIdeWorkflow: async ({ body }) => ({ status: 200, body: success(convertOrThrow(body, catalogue)) }),
    executeIdeWorkflow: async ({ body, res }) => {
      const execution = await startIdeWorkflow(body, executions, catalogue, tenantOfCaller(res));
      return {
        status: 200,
        body: success({ execution_id: execution.id, status: 'started' as const, message: 'IDE workflow converted and execution started' }),
      };
    },
  });
}
