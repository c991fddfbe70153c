import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { type AnyZodObject } from 'zod';
import { type ClientMessage, ClientMessageSchema, ProcessSchema, type ServerMessage, ServerMessageSchema } from '../../contract';
import { CLIENT_MESSAGE_EXAMPLES, type MessageExample, SERVER_MESSAGE_EXAMPLES } from '../../contract/examples';
import { SERVICE_INFO } from './service-info';

/** The reply the server sends to each client message (or an `error` when the frame is malformed). */
export const REPLY_TO: Record<ClientMessage['type'], ServerMessage['type']> = {
  start_workflow: 'workflow_started',
  subscribe_workflow: 'subscription_ack',
  unsubscribe_workflow: 'unsubscription_ack',
  cancel_workflow: 'workflow_cancelled',
};

/** The server messages that answer no single client message, with the operation that sends them. */
const UNSOLICITED: Partial<Record<ServerMessage['type'], { operation: string; summary: string }>> = {
  network_event: { operation: 'sendNetworkEvent', summary: 'Streams each event of a subscribed execution: its log from from_seq, then live ones until the terminal event' },
  error: {
    operation: 'sendError',
    summary: "Answers a frame that is not JSON, has an unknown type or misses its fields, comes over the rate limit, or needs a scope the socket's token lacks (FORBIDDEN)",
  },
};

const CHANNEL = 'workflows';
const channelRef = { $ref: `#/channels/${CHANNEL}` };
const messageRef = (type: string) => ({ $ref: `#/channels/${CHANNEL}/messages/${type}` });
const pascal = (type: string) => type.replace(/(^|_)([a-z])/g, (_, __, letter: string) => letter.toUpperCase());
const operationId = (type: string) => type.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** The schemas of every WebSocket message, one component per message type, generated from the contract's unions. */
function messageSchemas(options: readonly AnyZodObject[]) {
  const registry = new OpenAPIRegistry();
  // The graph's `processes` refers to it by name in both of its forms.
  registry.register('Process', ProcessSchema);
  for (const option of options) registry.register(`${pascal(typeOf(option))}Message`, option);
  return new OpenApiGeneratorV31(registry.definitions).generateComponents().components?.schemas ?? {};
}

function typeOf(option: AnyZodObject): string {
  return (option.shape as { type: { value: string } }).type.value;
}

function message(option: AnyZodObject, examples: readonly MessageExample<unknown>[]) {
  const type = typeOf(option);
  return {
    name: type,
    title: pascal(type),
    summary: option.description,
    contentType: 'application/json',
    payload: { $ref: `#/components/schemas/${pascal(type)}Message` },
    examples: examples.map(({ name, summary, payload }) => ({ name, summary, payload })),
  };
}

/**
 * Builds the AsyncAPI 3 document of the WebSocket API at `/ws` from the contract's message unions: one
 * message per `type`, an operation per client message with its reply, and the streams the server sends.
 */
export function buildAsyncApiDocument() {
  const clientOptions = ClientMessageSchema.options as readonly AnyZodObject[];
  const serverOptions = ServerMessageSchema.options as readonly AnyZodObject[];
  const clientExamples = CLIENT_MESSAGE_EXAMPLES as Record<string, readonly MessageExample<unknown>[]>;
  const serverExamples = SERVER_MESSAGE_EXAMPLES as Record<string, readonly MessageExample<unknown>[]>;
  const messages = Object.fromEntries([
    ...clientOptions.map((option) => [typeOf(option), message(option, clientExamples[typeOf(option)] ?? [])] as const),
    ...serverOptions.map((option) => [typeOf(option), message(option, serverExamples[typeOf(option)] ?? [])] as const),
  ]);
  const received = clientOptions.map(typeOf).map((type) => [
    operationId(type),
    {
      action: 'receive',
      channel: channelRef,
      summary: messages[type].summary,
      messages: [messageRef(type)],
      reply: { channel: channelRef, messages: [messageRef(REPLY_TO[type as ClientMessage['type']])] },
    },
  ]);
  const sent = Object.entries(UNSOLICITED).map(([type, { operation, summary }]) => [operation, { action: 'send', channel: channelRef, summary, messages: [messageRef(type)] }]);
  return {
    asyncapi: '3.1.0',
    info: {
      ...SERVICE_INFO,
      description:
        'The WebSocket API of the Workflow Execution Service at `/ws`: start, follow and cancel executions. Every frame is a JSON ' +
        'object with a string `type`. A bad frame gets a reply with `success: false` and the socket stays open. A subscriber ' +
        'that falls too far behind is closed with code 4008 and a reason naming the last seq it was sent; it resumes with ' +
        '`from_seq`. The HTTP API is described by the OpenAPI document at `/openapi.json`.',
    },
    defaultContentType: 'application/json',
    servers: {
      service: {
        host: '{host}',
        protocol: 'ws',
        description: 'The service itself (wss behind a TLS proxy)',
        variables: { host: { default: 'localhost:8080', description: 'Host and port of the service' } },
        security: [{ $ref: '#/components/securitySchemes/bearerAuth' }, { $ref: '#/components/securitySchemes/accessToken' }],
      },
    },
    channels: {
      [CHANNEL]: {
        address: '/ws',
        title: 'Executions',
        description: 'One socket carries any number of executions; replies echo the `request_id` of their request.',
        messages: Object.fromEntries(Object.keys(messages).map((type) => [type, { $ref: `#/components/messages/${type}` }])),
      },
    },
    operations: Object.fromEntries([...received, ...sent]),
    components: {
      schemas: messageSchemas([...clientOptions, ...serverOptions]),
      messages,
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description:
            "Required when the server has auth_tokens: `Authorization: Bearer <token>` on the upgrade request. Any valid token may subscribe; start_workflow and cancel_workflow need its 'run' scope (or 'admin'), and are answered with an `error` of code FORBIDDEN otherwise",
        },
        accessToken: { type: 'httpApiKey', name: 'access_token', in: 'query', description: 'The same token as the `access_token` query parameter, for browsers, which cannot set headers on a WebSocket' },
      },
    },
  };
}
