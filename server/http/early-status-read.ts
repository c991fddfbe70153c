import { type RequestHandler } from 'express';
import { ExecutionIdSchema } from '../../model';
import { type AppServices } from './app-services';
import { success } from './envelope';
import { executionView } from './execution-view';

/**
 * `GET /workflows/{execution_id}` answered right after authentication, before the middlewares that never apply
 * to it (the documentation and page routers, query and body parsing, the contract's routing): the status read
 * is what clients poll. An id the contract would refuse passes on to the contract route, which answers the 400;
 * an unknown one gets the usual 404. The contract route documents it and serves it when this one passes.
 */
export function earlyStatusRead({ executions }: Pick<AppServices, 'executions'>): RequestHandler {
  return function readStatus(req, res, next) {
    const id = req.params.execution_id;
    if (!ExecutionIdSchema.safeParse(id).success) return next();
    executions.get(id).then((record) => res.json(success(executionView(record))), next);
  };
}
