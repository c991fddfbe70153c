import { z } from 'zod';
import { GraphJsonSchema } from './graph-json';
import { JsonValueSchema } from './json-value';
import { CollectSchema } from './output-collection';
import { MAX_FBP_TEXT_CHARS } from './start-request';

/** Deployment ids stand in paths (`/deployments/{id}`, `/hooks/{id}/...`): lower-case letters, digits, `-` and `_`. */
export const DeploymentIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9][a-z0-9_-]*$/, 'must start with a lower-case letter or digit and hold only lower-case letters, digits, - and _')
  .describe('The deployment id: lower-case letters, digits, - and _, at most 64 characters');

/**
 * The body of `POST /deployments`: a name, and the workflow to deploy as exactly one of an IDE workflow
 * (`workflow`), an FBP JSON graph (`graph_json`) or `.fbp` text (`graph_fbp`).
 */
export const DeploymentRequestSchema = z
  .object({
    name: DeploymentIdSchema,
    workflow: z
      .record(z.unknown())
      .optional()
      .describe('An IDE workflow, as the IDE saves it (its triggerConfig gives the path, method and authentication of its Server Request node)'),
    graph_json: GraphJsonSchema.optional(),
    graph_fbp: z.string().min(1).max(MAX_FBP_TEXT_CHARS).optional().describe('The graph as .fbp text'),
    input: z.record(JsonValueSchema).default({}).describe('The input of every execution the deployment starts'),
    timeout_ms: z.number().int().positive().optional().describe('Timeout of each execution; the server-wide `execution_timeout_ms` when unset'),
    collect: CollectSchema.optional(),
    max_concurrent_runs: z
      .number()
      .int()
      .positive()
      .optional()
      .describe(
        'Runs its triggers may have going at once; a tick that comes when that many are going is skipped and counted in ticks_skipped. Unset, each trigger still runs one at a time',
      ),
    continue_on_timeout: z
      .boolean()
      .optional()
      .describe(
        'Whether a run started by a hook goes on when its caller stops waiting (the 504 after `hook_timeout_ms`, or a closed connection); by default it is cancelled',
      ),
  })
  .describe('A workflow to store under a name, started by its trigger nodes and by HTTP requests to its Server Request nodes');

const { workflow, graph_json, graph_fbp, input, timeout_ms, collect, max_concurrent_runs, continue_on_timeout } = DeploymentRequestSchema.shape;

/**
 * The body of `PATCH /deployments/{id}`: the fields to change, the others kept. A workflow given (as one of
 * `workflow`, `graph_json` and `graph_fbp`) replaces the deployed one whatever form that had; `null` removes an
 * optional setting; `paused` pauses or resumes the deployment.
 */
export const DeploymentPatchSchema = z
  .object({
    workflow,
    graph_json,
    graph_fbp,
    input: input.removeDefault().optional(),
    timeout_ms: timeout_ms.unwrap().nullable().optional().describe('Timeout of each execution; null for the server-wide `execution_timeout_ms`'),
    max_concurrent_runs: max_concurrent_runs.unwrap().nullable().optional().describe('Runs its triggers may have going at once; null for no cap'),
    continue_on_timeout: continue_on_timeout.unwrap().nullable().optional().describe('null for the default (a hook run is cancelled)'),
    collect: collect.unwrap().nullable().optional().describe('Which outputs of its executions report every packet; null for the last packet of each'),
    paused: z.boolean().optional().describe('true stops its triggers and hooks until it is resumed; false resumes it'),
  })
  .describe('The fields of a deployment to change; those not given are kept');

/** A deployment patch as parsed. */
export type DeploymentPatch = z.output<typeof DeploymentPatchSchema>;

/** Refines a deployment patch: at most one form of the workflow, and something to change. */
export function requireOneChange(patch: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const forms = [patch.workflow, patch.graph_json, patch.graph_fbp].filter((value) => value !== undefined).length;
  if (forms > 1) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['workflow'], message: 'Give one of workflow, graph_json and graph_fbp' });
  if (Object.values(patch).every((value) => value === undefined)) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: [],
      message: `Give at least one field to change: ${Object.keys(DeploymentPatchSchema.shape).join(', ')}`,
    });
  }
}

/** Refines a deployment request: exactly one of `workflow`, `graph_json` and `graph_fbp` is given. */
export function requireOneWorkflow(request: { workflow?: unknown; graph_json?: unknown; graph_fbp?: unknown }, ctx: z.RefinementCtx): void {
  const given = [request.workflow, request.graph_json, request.graph_fbp].filter((value) => value !== undefined).length;
  if (given !== 1) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['workflow'],
      message: given === 0 ? 'Give the workflow as workflow, graph_json or graph_fbp' : 'Give one of workflow, graph_json and graph_fbp',
    });
  }
}

/** A deployment request as parsed. */
export type DeploymentRequest = z.output<typeof DeploymentRequestSchema>;

/** One trigger node of a deployment and its schedule. */
export const DeploymentTriggerSchema = z.object({
  node_id: z.string(),
  type: z.enum(['cron', 'interval']),
  schedule: z.string().describe('The cron expression, or the interval as `every <n> ms`'),
  timezone: z.string(),
  max_executions: z.number().int().describe('0 is no limit'),
  executions_started: z.number().int(),
  ticks_skipped: z
    .number()
    .int()
    .describe("Ticks skipped because the previous run of this trigger was still going, or the deployment's max_concurrent_runs were"),
  ticks_throttled: z
    .number()
    .int()
    .describe(
      "Ticks this node skipped since it started because the triggers of all deployments had started the server's max_trigger_starts_per_second runs in the last second",
    ),
  last_tick_at: z.string().nullable(),
  last_execution_id: z.string().nullable(),
  next_ticks: z.array(z.string()).describe('The next tick times (ISO 8601); empty once max_executions is reached'),
});

/** One HTTP entry point of a deployment. */
export const DeploymentHookSchema = z.object({
  node_id: z.string(),
  method: z.string().describe('The method it answers, or ANY'),
  path: z.string().describe('The path under /hooks/{deployment}, starting with /'),
  url_path: z.string().describe('The whole path to call'),
  authentication: z.enum(['None', 'Bearer Token', 'API Key', 'Basic Auth']),
});

/** A deployment as `GET /deployments/{id}` reports it. */
export const DeploymentSchema = z.object({
  id: DeploymentIdSchema,
  workflow_id: z.string(),
  kind: z.enum(['ide', 'graph']),
  created_at: z.string(),
  problem: z.string().optional().describe('Why the deployment runs nothing now: its stored workflow no longer validates (a component or secret gone)'),
  max_concurrent_runs: z.number().int().optional().describe('Runs its triggers may have going at once, when the deployment sets it'),
  continue_on_timeout: z.boolean().optional().describe('Whether a hook run goes on after its caller stopped waiting, when the deployment sets it'),
  updated_at: z.string().optional().describe('When its workflow or settings were last changed (ISO 8601), once they have been'),
  paused: z.boolean().describe('Whether its triggers and hooks are stopped until it is resumed'),
  tenant: z.string().optional().describe('The tenant of the token that created it, which the runs it starts belong to; absent for a token of no tenant'),
  collect: CollectSchema.optional().describe('Which outputs of its executions report every packet, when the deployment sets it'),
  triggers: z.array(DeploymentTriggerSchema),
  hooks: z.array(DeploymentHookSchema),
});

/** A deployment's public view. */
export type Deployment = z.infer<typeof DeploymentSchema>;
