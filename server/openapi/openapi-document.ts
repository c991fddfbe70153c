import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { type AppRoute, ContractNoBody } from '@ts-rest/core';
import { type AnyZodObject, type ZodTypeAny } from 'zod';
import { ClientMessageSchema, ProcessSchema, ServerMessageSchema, contract } from '../../contract';
import { PUBLIC_PATHS } from '../guards';
import { ROUTE_ACCESS } from '../http';
import { bodyExamples, errorExamples, operationExamples, withParameterExamples } from './operation-examples';
import { SERVICE_INFO } from './service-info';

const STATUS_DESCRIPTIONS: Record<string, string> = {
  200: 'Success',
  201: 'Created',
  400: 'Bad request: malformed JSON, a schema violation or an invalid workflow (details name each path)',
  401: 'Missing or invalid bearer token (only when the server has auth_tokens)',
  403: "The bearer token lacks the operation's scope (the security requirement names it); the envelope's details name it as `scope`",
  404: 'Not found: the execution, node, actor or deployment the path names',
  409: 'Conflict with the execution state, an execution id reused by a different request, or a deployment name in use',
  413: 'Request body larger than max_body_bytes',
  429: 'Rate limit exceeded; see Retry-After and RateLimit-* headers',
  500: 'Internal server error',
  503: 'Too many connections, or shutting down (for /ready: the service takes no executions now)',
};

const TAGS: Record<string, string> = { audit: 'audit', health: 'health', ready: 'health', workflows: 'workflows', graphs: 'graphs', ide: 'ide', actors: 'actors', deployments: 'deployments' };

function tagOf(path: string): string {
  const first = path.split('/')[1] ?? '';
  return TAGS[first] ?? 'workflows';
}

/** Routes that also answer `text/event-stream` (with `Accept: text/event-stream`), and how their stream reads. */
const STREAMS: Record<string, string> = {
  getWorkflowEvents:
    'Server-Sent Events: `retry: 3000` first; then each event as `id: <seq>`, `event: <_type>` and `data: <the event as JSON>`, ' +
    'live until the terminal event; then `event: end` with `data: {"execution_id", "status"}`, and the stream closes. ' +
    'Quiet streams get a `: heartbeat` comment every 15 s. `Last-Event-ID` (or `from_seq`) resumes after that seq; a reconnect ' +
    'to a finished execution whose log was all sent is answered 204, which tells an EventSource to stop.',
};

function registerRoute(registry: OpenAPIRegistry, operationId: string, route: AppRoute): void {
  const path = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  const body = 'body' in route && route.body !== ContractNoBody ? (route.body as ZodTypeAny) : undefined;
  const examples = operationExamples(operationId);
  const { scope } = ROUTE_ACCESS[operationId as keyof typeof ROUTE_ACCESS];
  registry.registerPath({
    method: route.method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete',
    path,
    operationId,
    summary: route.summary,
    description: scope === 'public' ? route.description : [route.description, `Needs the \`${scope}\` scope.`].filter(Boolean).join(' '),
    tags: [tagOf(route.path)],
    // OpenAPI 3.1 lets a bearer requirement list roles: the one scope the operation needs.
    security: scope === 'public' ? [] : [{ bearerAuth: [scope] }, {}],
    request: {
      params: withParameterExamples(route.pathParams as AnyZodObject | undefined, examples.params),
      query: withParameterExamples(route.query as AnyZodObject | undefined, examples.query),
      body: body && { required: true, content: { 'application/json': { schema: body, examples: bodyExamples(examples) } } },
    },
    responses: Object.fromEntries(
      Object.entries(route.responses).map(([status, schema]) => [
        status,
        {
          description: STATUS_DESCRIPTIONS[status] ?? 'Response',
          content: {
            'application/json': { schema: schema as ZodTypeAny, examples: errorExamples(Number(status), examples) },
            ...(status === '200' && STREAMS[operationId] ? { 'text/event-stream': { schema: { type: 'string' as const, description: STREAMS[operationId] } } } : {}),
          },
        },
      ]),
    ),
  });
}

/** Builds the OpenAPI 3.1 document of the service from the contract: every route with its examples, and the envelope. */
export function buildOpenApiDocument() {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: `Required when the server is configured with auth_tokens, on every endpoint but ${PUBLIC_PATHS.join(', ')} and /docs. A token's scopes (read, run, deploy, admin; a plain token has admin, which holds them all) say which operations it may call: each operation's requirement names its scope`,
  });
  for (const [operationId, route] of Object.entries(contract)) registerRoute(registry, operationId, route as AppRoute);
  // The graph's `processes` refers to it by name in both of its forms.
  registry.register('Process', ProcessSchema);
  // No HTTP operation uses the WebSocket messages: they are here for the client typed from this document
  // (`/ws` itself is described by the AsyncAPI document).
  registry.register('WsClientMessage', ClientMessageSchema);
  registry.register('WsServerMessage', ServerMessageSchema);
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      ...SERVICE_INFO,
      description:
        'Runs flow-based-programming graphs and IDE workflows headless: start executions over HTTP or WebSocket, ' +
        'follow every execution event live, read status and results. Every HTTP response uses the envelope ' +
        '`{success, data | error, timestamp}`; errors add `code` and, for validation failures, `details`. ' +
        'The WebSocket API at `/ws` is described by the AsyncAPI document at `/asyncapi.json`.',
    },
    externalDocs: { description: 'The WebSocket API (/ws) as an AsyncAPI 3 document', url: '/asyncapi.json' },
    servers: [{ url: '/' }],
    tags: [
      { name: 'health', description: 'Liveness and readiness' },
      { name: 'workflows', description: 'Executions of engine graphs' },
      { name: 'graphs', description: 'Checking graphs without running them' },
      { name: 'ide', description: 'Workflows exported by the visual IDE' },
      { name: 'actors', description: 'The catalogue of components graphs can use' },
      { name: 'deployments', description: 'Workflows stored under a name, started by their triggers and HTTP hooks' },
    ],
  });
}
