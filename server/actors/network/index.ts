import { type AnyActorDefinition } from '../../engine';
import { graphqlQueryActor } from './graphql-query-actor';
import { httpRequestActor } from './http-request-actor';
import { rpcCallActor } from './rpc-call-actor';

export { type HttpRequestConfig, HttpRequestConfigSchema, createHttpRequestActor, httpRequestActor } from './http-request-actor';
export { type GraphqlQueryConfig, GraphqlQueryConfigSchema, createGraphqlQueryActor, graphqlQueryActor } from './graphql-query-actor';
export { type RpcCallConfig, RpcCallConfigSchema, createRpcCallActor, rpcCallActor } from './rpc-call-actor';
export { type NetworkActorOptions, API_CALL_TIMEOUT_MS, QUERY_RETRY_COUNT } from './network-actor-options';

/** The network family of the catalogue: HTTP request, GraphQL query and RPC call. */
export const networkActors: readonly AnyActorDefinition[] = [httpRequestActor, graphqlQueryActor, rpcCallActor];
