import { initServer } from '@ts-rest/express';
import { HEALTH_MESSAGE, healthContract } from '../../contract';
import { AppError } from '../errors';
import { type AppServices, success } from '../transport';

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
