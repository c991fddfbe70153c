import { initServer } from '@ts-rest/express';
import { graphsContract } from '../../contract';
import { MAX_ERROR_DETAILS } from '../errors';
import { type AppServices } from './app-services';
import { success } from './envelope';

const s = initServer();

/** Handlers of `/graphs`: validation without a run. */
export function graphRoutes({ executions }: AppServices) {
  return s.router(graphsContract, {
    validateGraph: async ({ body }) => {
      const check = executions.checkGraph({ ...body, metadata: {} });
      const issues = check.issues.slice(0, MAX_ERROR_DETAILS).map((issue) => ({ ...issue }));
      return { status: 200, body: success({ valid: check.graph !== undefined, graph: check.normalised ?? null, issues, issue_count: check.issues.length }) };
    },
  });
}
