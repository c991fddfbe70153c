import { z } from 'zod';
import { type JsonValue, defineActor, isJsonObject } from '../../engine';
import { DataOperationSetSchema, FailureLog, pipelineOutput, runPipeline, schemaViolations } from '../data';
import { choiceSetting, textSetting } from '../shared';
import { type HookAnswerSink, type HookRequest, HTTP_REQUEST_METADATA_KEY } from './hook-answer';

/** The methods a Server Request node answers; ANY takes them all. */
const HOOK_METHODS = ['ANY', 'GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The authentication types a deployment checks before it starts a run (the IDE's Custom has no rule to check, so it is refused). */
const HOOK_AUTHENTICATIONS = ['None', 'Bearer Token', 'API Key', 'Basic Auth', 'Custom'] as const;

function readSchemaText(text: string | undefined): { schema?: JsonValue; problem?: string } {
  if (text === undefined || text.trim() === '') return {};
  try {
    const schema = JSON.parse(text) as JsonValue;
    return isJsonObject(schema) || typeof schema === 'boolean' ? { schema } : { problem: 'is not a JSON Schema object' };
  } catch (error) {
    return { problem: `is not JSON: ${(error as Error).message}` };
  }
}

/** The `tpl_server_request` properties, plus where the request comes in (`path`, `method`) and which secret authenticates it. */
export const ServerRequestConfigSchema = z
  .object({
    requestType: choiceSetting('HTTP requests are answered; WebSocket entry points are refused when deployed', ['HTTP', 'WebSocket', 'Any'], 'Any'),
    dataFormat: choiceSetting(
      'How the body is read: JSON, form fields, text, bytes (base64), or by its content type',
      ['JSON', 'Form Data', 'Plain Text', 'Binary', 'Auto-detect'],
      'Auto-detect',
    ),
    extractFields: z.array(DataOperationSetSchema).default([]).describe("Operation sets applied to the body; their result is the packet's `fields`"),
    validation: textSetting('A JSON Schema the body must match; a request that does not is answered 400 and nothing else runs', z.string().optional()),
    authentication: choiceSetting(
      'What a caller must show; the secret named by authSecret holds the token, key or user:password',
      HOOK_AUTHENTICATIONS,
      'None',
    ),
    path: textSetting("The path under /hooks/{deployment} this node answers; the workflow's triggerConfig path when unset", z.string().optional()),
    method: choiceSetting('The method this node answers; the triggerConfig method when unset', HOOK_METHODS, 'ANY'),
    authSecret: textSetting(
      'The named secret holding the expected bearer token, API key or user:password',
      z
        .string()
        .regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]*$/)
        .default('HOOK_TOKEN'),
    ),
    apiKeyHeader: textSetting('The header that carries the API key', z.string().min(1).default('x-api-key')),
  })
  .superRefine((config, ctx) => {
    const { problem } = readSchemaText(config.validation);
    if (problem !== undefined) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['validation'], message: problem });
  });

/** The parsed configuration of a Server Request node. */
export type ServerRequestConfig = z.output<typeof ServerRequestConfigSchema>;

/** What a run without a waiting caller (a one-off start) sends when its input has no `request`. */
const EMPTY_REQUEST: HookRequest = { method: 'POST', path: '/', query: {}, headers: {}, body: null };

/**
 * Builds the `tpl_server_request` actor: emits the HTTP request that started the run (a deployment's hook,
 * carried in the execution's metadata) on `request-out`, or, in a one-off run, the `request` of the run's input.
 * `extractFields` adds the packet's `fields`; a body that fails `validation` is answered 400 through the sink
 * and the node emits nothing.
 */
export function createServerRequestActor(sink?: HookAnswerSink) {
  return defineActor({
    id: 'tpl_server_request',
    title: 'Server Request',
    description: "The HTTP request that started a deployed workflow (/hooks/{deployment}/{path}), or the input's request in a one-off run.",
    inports: {},
    outports: { 'request-out': { type: 'object', description: '{method, path, query, headers, body, fields?}' } },
    config: ServerRequestConfigSchema,
    // extractFields may run JavaScript expressions (the clock, randomness); a refusal answers the waiting request, which a second answer cannot change.
    effects: 'repeatable',
    fire: async ({ config, execution, graphInput, send, signal }) => {
      const carried = execution.metadata[HTTP_REQUEST_METADATA_KEY];
      const given = graphInput('request');
      const request: HookRequest = isJsonObject(carried)
        ? ({ ...EMPTY_REQUEST, ...carried } as HookRequest)
        : { ...EMPTY_REQUEST, ...(given.found && isJsonObject(given.value) ? given.value : {}) };
      const { schema } = readSchemaText(config.validation);
      if (schema !== undefined) {
        const violations = await schemaViolations(schema, request.body, signal);
        if (violations !== undefined) {
          const message = `The request body does not match the schema: ${violations.join('; ')}`;
          if (
            sink?.refuse(
              execution.id,
              message,
              violations.map((violation) => ({ path: 'body', message: violation })),
            )
          )
            return;
          throw new Error(message);
        }
      }
      const fields =
        config.extractFields.length === 0
          ? undefined
          : pipelineOutput(await runPipeline(config.extractFields, request.body, { failures: new FailureLog('log_and_continue'), batchSize: 1000, signal }));
      await send('request-out', fields?.found ? { ...request, fields: fields.value } : request);
    },
  });
}
