import { initContract } from '@ts-rest/core';
import {
  DeploymentHookSchema as ModelDeploymentHookSchema,
  DeploymentRequestSchema as ModelDeploymentRequestSchema,
  DeploymentSchema as ModelDeploymentSchema,
  DeploymentTriggerSchema as ModelDeploymentTriggerSchema,
  requireOneWorkflow,
} from '../model';
import { successEnvelope } from './envelope';
import { errorResponses } from './error-responses';
import { GraphJsonSchema } from './graph';
import { z } from './openapi-zod';
import { CollectSchema } from './workflows';

/** The body of `POST /deployments`. */
export const DeploymentRequestSchema = ModelDeploymentRequestSchema.extend({
  name: ModelDeploymentRequestSchema.shape.name.openapi({ example: 'nightly-report' }),
  graph_json: GraphJsonSchema.optional(),
  collect: CollectSchema.optional(),
})
  .superRefine(requireOneWorkflow)
  .openapi('DeploymentRequest');

/** A trigger of a deployment. */
const DeploymentTriggerSchema = ModelDeploymentTriggerSchema.openapi('DeploymentTrigger');
/** An HTTP entry point of a deployment. */
const DeploymentHookSchema = ModelDeploymentHookSchema.openapi('DeploymentHook');
/** A deployment as the service reports it. */
const DeploymentSchema = ModelDeploymentSchema.extend({
  collect: CollectSchema.optional(),
  triggers: z.array(DeploymentTriggerSchema),
  hooks: z.array(DeploymentHookSchema),
}).openapi('Deployment');

const c = initContract();

/** The routes of deployments: workflows stored under a name, started by their triggers and hooks. */
export const deploymentsContract = c.router(
  {
    createDeployment: {
      method: 'POST',
      path: '/deployments',
      summary: 'Deploy a workflow under a name',
      description:
        'Its cron and interval trigger nodes start an execution on each tick; its Server Request nodes answer HTTP at `/hooks/{id}/{path}`. A name in use is a 409.',
      body: DeploymentRequestSchema,
      responses: { 201: successEnvelope(DeploymentSchema), ...errorResponses(400, 409, 413) },
    },
    listDeployments: {
      method: 'GET',
      path: '/deployments',
      summary: 'List the deployments, oldest first',
      responses: { 200: successEnvelope(z.object({ items: z.array(DeploymentSchema) })), ...errorResponses() },
    },
    getDeployment: {
      method: 'GET',
      path: '/deployments/:deployment_id',
      pathParams: z.object({ deployment_id: z.string() }),
      summary: 'A deployment with its triggers (counts and next tick times) and hooks',
      responses: { 200: successEnvelope(DeploymentSchema), ...errorResponses(404) },
    },
    deleteDeployment: {
      method: 'DELETE',
      path: '/deployments/:deployment_id',
      pathParams: z.object({ deployment_id: z.string() }),
      summary: 'Stop and remove a deployment; the executions it started are kept',
      responses: { 200: successEnvelope(z.object({ id: z.string(), status: z.literal('deleted') })), ...errorResponses(404) },
    },
  },
  { strictStatusCodes: true },
);
