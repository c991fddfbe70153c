import { type AnyActorDefinition } from '../../engine';
import { graphqlQueryActor } from './graphql-query-actor';
import { httpRequestActor } from './http-request-actor';
import { rpcCallActor } from './rpc-call-actor';

/** The network family of the catalogue: HTTP request, GraphQL query and RPC call. */
export const networkActors: readonly AnyActorDefinition[] = [httpRequestActor, graphqlQueryActor, rpcCallActor];
export { createHttpRequestActor } from './http-request-actor';
export { createGraphqlQueryActor } from './graphql-query-actor';
export { createRpcCallActor } from './rpc-call-actor';
