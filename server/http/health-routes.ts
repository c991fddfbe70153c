import { initServer } from '@ts-rest/express';
import { type RequestHandler } from 'express';
import { HEALTH_MESSAGE, healthContract } from '../../contract';
import { AppError } from '../errors';
import { type AppServices } from './app-services';
import { success } from './envelope';

const s = initServer();

/** Handlers of `/health` and `/ready`. */
export function healthRoutes({ executions }: Pick<AppServices, 'executions'>) {
  return s.router(healthContract, {
    health: async () => ({ status: 200, body: success(HEALTH_MESSAGE) }),
    ready: async () => {
      const reason = await executions.notReadyReason();
      if (reason !== undefined) throw new AppError('UNAVAILABLE', reason);
      return { status: 200, body: success('ready' as const) };
    },
  });
}

/**
 * `GET /health` answered before the middlewares that never apply to it (rate limit, bearer token, docs,
 * query and body parsing), which a load balancer polling it should not pay for; the contract route above
 * documents it and serves the other methods.
 */
export function earlyHealth(): RequestHandler {
  return (_req, res) => {
    res.json(success(HEALTH_MESSAGE));
  };
}
