import { type AppRoute } from '@ts-rest/core';
import { createExpressEndpoints, initServer } from '@ts-rest/express';
import { Router } from 'express';
import { type Contract, contract } from '../../contract';
import { type AppServices } from '../transport';
import { actorRoutes } from './actor-routes';
import { auditRoutes } from './audit-routes';
import { deploymentRoutes } from './deployment-routes';
import { graphRoutes } from './graph-routes';
import { healthRoutes } from './health-routes';
import { ideRoutes } from './ide-routes';
import { requestValidationErrorHandler } from './request-validation';
import { workflowRoutes } from './workflow-routes';

const s = initServer();

/** The name of a route of the contract (`getWorkflow`). */
export type RouteName = keyof Contract;

/** A contract route's handler called with its parsed path parameters only, as the reads before Express call it. */
type PathHandler = (input: { params: Record<string, unknown> }) => Promise<{ status: number; body: unknown }>;

/** A contract route with its one handler: what Express serves, and what the reads before Express are made from. */
export interface ContractRoute {
  readonly name: RouteName;
  readonly route: AppRoute;
  readonly handler: PathHandler;
}

/** The one handler of every contract route. */
function handlersOf(services: AppServices) {
  return s.router(contract, {
    ...healthRoutes(services),
    ...workflowRoutes(services),
    ...graphRoutes(services),
    ...ideRoutes(services),
    ...actorRoutes(services),
    ...deploymentRoutes(services),
    ...auditRoutes(services),
  });
}

/**
 * The routes of the contract with their handlers, served in groups: each group is an Express router placed
 * where it belongs among the middlewares (`/health` before the budget and the token check, the polled status
 * read before the documentation and the body parsers), and every route is in exactly one group.
 */
export class ContractRoutes {
  private readonly handlers: Record<RouteName, unknown>;
  private readonly served = new Set<RouteName>();

  constructor(services: AppServices) {
    this.handlers = handlersOf(services);
  }

  /** A router serving the named routes; naming a route a second time is a mistake and throws. */
  serve(...names: RouteName[]): Router {
    for (const name of names) {
      if (this.served.has(name)) throw new Error(`The route '${name}' is served already`);
      this.served.add(name);
    }
    const router = Router();
    // A part of the contract, typed as the whole: ts-rest serves whatever routes the object holds.
    const routes = Object.fromEntries(names.map((name) => [name, contract[name]])) as Contract;
    const handlers = Object.fromEntries(names.map((name) => [name, this.handlers[name]]));
    createExpressEndpoints(routes, handlers as never, router, { requestValidationErrorHandler, logInitialization: false });
    return router;
  }

  /** A router serving every route no earlier group serves. */
  rest(): Router {
    return this.serve(...(Object.keys(contract) as RouteName[]).filter((name) => !this.served.has(name)));
  }

  /** A route with its handler, for the reads answered before Express. */
  route(name: RouteName): ContractRoute {
    return { name, route: contract[name], handler: this.handlers[name] as PathHandler };
  }
}
