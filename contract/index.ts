import { initContract } from '@ts-rest/core';
import { actorsContract } from './actors';
import { graphsContract } from './graphs';
import { healthContract } from './health';
import { ideContract } from './ide';
import { workflowsContract } from './workflows';
import { deploymentsContract } from './deployments';
import { auditContract } from './audit';

export { type Execution } from './workflows';
export { type ExecutionEvent } from './events';
export { ProcessSchema } from './graph';
export { HEALTH_MESSAGE } from './health';
export { type ClientMessage, type ClientMessageInput, ClientMessageSchema, type ServerMessage, ServerMessageSchema } from './ws';
export { actorsContract, auditContract, deploymentsContract, graphsContract, healthContract, ideContract, workflowsContract };

const c = initContract();

/** Every HTTP route of the service, in one ts-rest router. */
export const contract = c.router({
  ...healthContract,
  ...workflowsContract,
  ...graphsContract,
  ...ideContract,
  ...actorsContract,
  ...deploymentsContract,
  ...auditContract,
});
/** The type of the whole HTTP contract. */
export type Contract = typeof contract;
