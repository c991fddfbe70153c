import { initContract } from '@ts-rest/core';
import {
  DeploymentHookSchema as ModelDeploymentHookSchema,
  DeploymentPatchSchema as ModelDeploymentPatchSchema,
  DeploymentRequestSchema as ModelDeploymentRequestSchema,
  DeploymentSchema as ModelDeploymentSchema,
  DeploymentTriggerSchema as ModelDeploymentTriggerSchema,
  requireOneChange,
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

/** The body of `PATCH /deployments/{id}`. */
export const DeploymentPatchSchema = ModelDeploymentPatchSchema.extend({ graph_json: GraphJsonSchema.optional() })
  .superRefine(requireOneChange)
  .openapi('DeploymentPatch');

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
const idParams = z.object({ deployment_id: z.string() });

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
      pathParams: idParams,
      summary: 'A deployment with its triggers (counts and next tick times) and hooks',
      responses: { 200: successEnvelope(DeploymentSchema), ...errorResponses(404) },
    },
    updateDeployment: {
      method: 'PATCH',
      path: '/deployments/:deployment_id',
      pathParams: idParams,
      summary: 'Change a deployment in place: its workflow, input or settings, or whether it is paused',
      description:
        'The fields given replace the deployed ones, validated as `POST /deployments` validates them; a refused change (400) changes nothing. ' +
        'A new workflow or setting re-arms the triggers from the new workflow, counting afresh from the change; runs already going keep the graph they started with.',
      body: DeploymentPatchSchema,
      responses: { 200: successEnvelope(DeploymentSchema), ...errorResponses(400, 404, 413) },
    },
    pauseDeployment: {
      method: 'POST',
      path: '/deployments/:deployment_id/pause',
      pathParams: idParams,
      body: c.noBody(),
      summary: 'Stop the triggers and hooks of a deployment until it is resumed',
      description:
        'Its triggers do not fire and its hooks answer 503 `UNAVAILABLE` with `Retry-After`, on every node. Pausing a paused deployment changes nothing.',
      responses: { 200: successEnvelope(DeploymentSchema), ...errorResponses(404) },
    },
    resumeDeployment: {
      method: 'POST',
      path: '/deployments/:deployment_id/resume',
      pathParams: idParams,
      body: c.noBody(),
      summary: 'Start the triggers and hooks of a paused deployment again',
      description:
        'Each trigger fires at its next tick from now; the ticks that fell during the pause are not run. Resuming a deployment that is not paused changes nothing.',
      responses: { 200: successEnvelope(DeploymentSchema), ...errorResponses(404) },
    },
    deleteDeployment: {
      method: 'DELETE',
      path: '/deployments/:deployment_id',
      pathParams: idParams,
      summary: 'Stop and remove a deployment; the executions it started are kept',
      responses: { 200: successEnvelope(z.object({ id: z.string(), status: z.literal('deleted') })), ...errorResponses(404) },
    },
  },
  { strictStatusCodes: true },
);
