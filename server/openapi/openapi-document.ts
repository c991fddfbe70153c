import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { type AppRoute, ContractNoBody } from '@ts-rest/core';
import { type AnyZodObject, type ZodTypeAny } from 'zod';
import { ClientMessageSchema, ProcessSchema, ServerMessageSchema, contract } from '../../contract';

const STATUS_DESCRIPTIONS: Record<string, string> = {
  200: 'Success',
  201: 'Created',
  400: 'Bad request: malformed JSON, a schema violation or an invalid workflow (details name each path)',
  401: 'Missing or invalid bearer token (only when the server has auth_tokens)',
  404: 'Execution or route not found',
  409: 'Conflict with the execution state, an execution id reused by a different request, or a deployment name in use',
  413: 'Request body larger than max_body_bytes',
  429: 'Rate limit exceeded; see Retry-After and RateLimit-* headers',
  500: 'Internal server error',
  503: 'Too many connections, or shutting down',
};

const TAGS: Record<string, string> = { health: 'health', workflows: 'workflows', ide: 'ide', actors: 'actors', deployments: 'deployments' };

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
  registry.registerPath({
    method: route.method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete',
    path,
    operationId,
    summary: route.summary,
    description: route.description,
    tags: [tagOf(route.path)],
    security: route.path === '/health' ? [] : [{ bearerAuth: [] }, {}],
    request: {
      params: route.pathParams as AnyZodObject | undefined,
      query: route.query as AnyZodObject | undefined,
      body: body && { required: true, content: { 'application/json': { schema: body } } },
    },
    responses: Object.fromEntries(
      Object.entries(route.responses).map(([status, schema]) => [
        status,
        {
          description: STATUS_DESCRIPTIONS[status] ?? 'Response',
          content: {
            'application/json': { schema: schema as ZodTypeAny },
            ...(status === '200' && STREAMS[operationId] ? { 'text/event-stream': { schema: { type: 'string' as const, description: STREAMS[operationId] } } } : {}),
          },
        },
      ]),
    ),
  });
}

/** Builds the OpenAPI 3.1 document of the service from the contract: every route, the envelope, the WebSocket messages. */
export function buildOpenApiDocument() {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'Required on every endpoint but /health when the server is configured with auth_tokens',
  });
  for (const [operationId, route] of Object.entries(contract)) registerRoute(registry, operationId, route as AppRoute);
  // The graph's `processes` refers to it by name in both of its forms.
  registry.register('Process', ProcessSchema);
  registry.register('WsClientMessage', ClientMessageSchema);
  registry.register('WsServerMessage', ServerMessageSchema);
  registry.registerPath({
    method: 'get',
    path: '/ws',
    operationId: 'webSocket',
    summary: 'WebSocket channel: start, subscribe to and cancel executions with live events',
    description:
      'Upgrade to a WebSocket. Every frame is a JSON object with a string `type`: clients send `WsClientMessage` ' +
      '(start_workflow, subscribe_workflow with optional from_seq, unsubscribe_workflow, cancel_workflow), the server answers with ' +
      '`WsServerMessage` (workflow_started, subscription_ack, unsubscription_ack, network_event, workflow_cancelled, error). ' +
      'A bad frame gets a reply with success false and the socket stays open. A subscriber that falls too far behind is closed ' +
      'with code 4008 and a reason naming the last seq it was sent; it resumes with from_seq.',
    tags: ['websocket'],
    responses: {
      101: { description: 'Switching protocols to WebSocket' },
      401: statusOnly(401),
      429: statusOnly(429),
      503: statusOnly(503),
    },
  });
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Workflow Execution Service',
      version: '0.1.0',
      description:
        'Runs flow-based-programming graphs and IDE workflows headless: start executions over HTTP or WebSocket, ' +
        'follow every execution event live, read status and results. Every HTTP response uses the envelope ' +
        '`{success, data | error, timestamp}`; errors add `code` and, for validation failures, `details`.',
    },
    servers: [{ url: '/' }],
    tags: [
      { name: 'health', description: 'Liveness' },
      { name: 'workflows', description: 'Executions of engine graphs' },
      { name: 'ide', description: 'Workflows exported by the visual IDE' },
      { name: 'actors', description: 'The catalogue of components graphs can use' },
      { name: 'websocket', description: 'Real-time channel' },
    ],
  });
}

/** A response documented by its status description alone. */
function statusOnly(status: number) {
  return { description: STATUS_DESCRIPTIONS[status] ?? 'Error' };
}
