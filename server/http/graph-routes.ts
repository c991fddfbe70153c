import { initServer } from '@ts-rest/express';
import { graphsContract } from '../../contract';
import { graphJsonOf } from '../engine';
import { MAX_ERROR_DETAILS } from '../errors';
import { type AppServices, success } from '../transport';
import { tenantOfCaller } from './caller-tenant';

const s = initServer();

/** Handlers of `/graphs`: validation without a run. */
export function graphRoutes({ executions }: AppServices) {
  return s.router(graphsContract, {
    validateGraph: async ({ body, res }) => {
      const check = executions.checkGraph({ ...body, metadata: {} }, tenantOfCaller(res));
      const issues = check.issues.slice(0, MAX_ERROR_DETAILS).map((issue) => ({ ...issue }));
      const read = check.graph ?? check.read;
      const graph = read === undefined ? null : graphJsonOf(read);
      return { status: 200, body: success({ valid: check.graph !== undefined, graph, issues, issue_count: check.issues.length }) };
    },
  });
}
