import { initContract } from '@ts-rest/core';
import { successEnvelope } from './envelope';
import { publicErrorResponses } from './error-responses';
import { z } from './openapi-zod';

/** The fixed message of a healthy service. */
export const HEALTH_MESSAGE = 'Workflow execution service is healthy';

const c = initContract();

/** The health route. */
export const healthContract = c.router(
  {
    health: {
      method: 'GET',
      path: '/health',
      summary: 'Health check',
      description: 'Answers with a fixed message while the service runs; needs no token.',
      responses: { 200: successEnvelope(z.string().openapi({ example: HEALTH_MESSAGE })), ...publicErrorResponses() },
    },
    ready: {
      method: 'GET',
      path: '/ready',
      summary: 'Readiness check',
      description:
        'Answers 200 while the service takes executions (its store is writable and it is not shutting down), 503 with the reason otherwise; needs no token.',
      responses: { 200: successEnvelope(z.literal('ready')), ...publicErrorResponses() },
    },
  },
  { strictStatusCodes: true },
);
