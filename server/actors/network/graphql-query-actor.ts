import { z } from 'zod';
import { choiceSetting, requiredText } from '../shared';
import { type JsonObject, defineActor, isJsonObject } from '../../engine';
import { graphqlOperationEffects, pickOperationName } from './graphql-operations';
import { describeFailedResponse } from './http-response';
import { describeUrl } from '../../outbound-http';
import { httpUrlField } from './http-url';
import { API_CALL_TIMEOUT_MS, type NetworkActorOptions, QUERY_RETRY_COUNT } from './network-actor-options';
import { postJson } from './post-json';

/** The `tpl_graphql_query` properties: `endpoint` and `query` required; subscriptions are refused (they need a streaming transport). */
const GraphqlQueryConfigSchema = z
  .object({
    endpoint: httpUrlField('The http(s) URL of the GraphQL endpoint'),
    query: requiredText('The GraphQL document; its variables come from variables-in'),
    operationType: choiceSetting(
      'The operation of the document to run: query (retried on failure) or mutation (never retried); subscriptions are refused',
      ['query', 'mutation', 'subscription'],
      'query',
    ).refine((type): boolean => type !== 'subscription', {
      message: 'subscriptions need a streaming transport (WebSocket or SSE) and are not supported over plain HTTP; use query or mutation',
    }),
  })
  .superRefine((config, ctx) => {
    if (config.operationType === 'subscription') return;
    try {
      pickOperationName(config.query, config.operationType);
    } catch (error) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['query'], message: (error as Error).message });
    }
  });

/** A GraphQL response: an object with `data` or `errors` (GraphQL over HTTP allows one on a 4xx or 5xx). */
function isGraphqlResponse(body: unknown): body is JsonObject {
  return isJsonObject(body) && (Object.hasOwn(body, 'data') || Object.hasOwn(body, 'errors'));
}

/**
 * Builds the `tpl_graphql_query` actor: POSTs `{query, variables, operationName?}` per `variables-in`
 * packet (once at start when nothing feeds it); non-null `data` goes to `data-out`, a non-empty `errors`
 * list to `errors-out` (both for a partial result); an answer that is no GraphQL response fails the firing.
 */
export function createGraphqlQueryActor(options: NetworkActorOptions = {}) {
  return defineActor({
    id: 'tpl_graphql_query',
    title: 'GraphQL Query',
    description: 'Runs a GraphQL query or mutation over HTTP POST.',
    inports: { 'variables-in': { type: 'object', description: 'The variables object; each packet runs the operation once.' } },
    outports: {
      'data-out': { type: 'object', description: 'The response `data`.' },
      'errors-out': { type: 'array', description: 'The response `errors` list.' },
    },
    config: GraphqlQueryConfigSchema,
    effects: (config) => graphqlOperationEffects(config.operationType),
    fire: async ({ config, inputs, signal, send }) => {
      const variables = inputs['variables-in'];
      if (variables !== undefined && variables !== null && !isJsonObject(variables))
        throw new Error('variables-in must be an object of variable names to values');
      const operationName = pickOperationName(config.query, config.operationType);
      const payload: JsonObject = { query: config.query, variables: variables ?? {} };
      if (operationName !== undefined) payload.operationName = operationName;
      const { response, body } = await postJson(config.endpoint, payload, {
        ...options,
        what: "config 'endpoint'",
        accept: 'application/graphql-response+json, application/json;q=0.9',
        timeoutMs: API_CALL_TIMEOUT_MS,
        retryCount: graphqlOperationEffects(config.operationType) === 'repeatable' ? QUERY_RETRY_COUNT : 0,
        signal,
      });
      if (!isGraphqlResponse(body)) {
        throw new Error(
          response.status >= 400
            ? describeFailedResponse({ method: 'POST' }, response)
            : `POST ${describeUrl(response.url)} answered no GraphQL response (neither data nor errors)`,
        );
      }
      if (body.data !== undefined && body.data !== null) await send('data-out', body.data);
      if (Array.isArray(body.errors) && body.errors.length > 0) await send('errors-out', body.errors);
    },
  });
}

/** The `tpl_graphql_query` actor of the catalogue. */
export const graphqlQueryActor = createGraphqlQueryActor();
