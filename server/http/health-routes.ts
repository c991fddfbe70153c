import { initServer } from '@ts-rest/express';
import { HEALTH_MESSAGE, healthContract } from '../../contract';
import { success } from './envelope';

const s = initServer();

/** Handler of `/health`. */
export function healthRoutes() {
  return s.router(healthContract, {
    health: async () => ({ status: 200, body: success(HEALTH_MESSAGE) }),
  });
}
