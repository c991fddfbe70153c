import { type AnyActorDefinition } from '../../engine';
import { createServerRequestActor } from './server-request-actor';
import { createServerResponseActor } from './server-response-actor';

/** The server family: the Server Request and Server Response nodes of deployed workflows, with no waiting requests. */
export const serverNodeActors: readonly AnyActorDefinition[] = [createServerRequestActor(), createServerResponseActor()];
export { createServerRequestActor, type ServerRequestConfig, ServerRequestConfigSchema } from './server-request-actor';
export { createServerResponseActor } from './server-response-actor';
export { type HookAnswer, type HookAnswerSink, type HookRequest, HTTP_REQUEST_METADATA_KEY } from './hook-answer';
