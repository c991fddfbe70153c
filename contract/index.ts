import { initContract } from '@ts-rest/core';
import { actorsContract } from './actors';
import { graphsContract } from './graphs';
import { healthContract } from './health';
import { ideContract } from './ide';
import { workflowsContract } from './workflows';
import { deploymentsContract } from './deployments';

export * from './envelope';
export * from './graph';
export * from './run-result';
export * from './events';
export * from './workflows';
export * from './graphs';
export * from './ide';
export * from './health';
export * from './ws';
export * from './actors';
export * from './deployments';
export * from './example-workflows';
export * from './error-examples';
export * from './route-examples';
export * from './api-examples';
export * from './ws-examples';

const c = initContract();

/** Every HTTP route of the service, in one ts-rest router. */
export const contract = c.router({ ...healthContract, ...workflowsContract, ...graphsContract, ...ideContract, ...actorsContract, ...deploymentsContract });
/** The type of the whole HTTP contract. */
export type Contract = typeof contract;
