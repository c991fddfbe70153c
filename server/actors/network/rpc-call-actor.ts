import { z } from 'zod';
import { choiceSetting, requiredText, textSetting } from '../shared';
import { type JsonObject, type JsonValue, defineActor, errorOutPort, isJsonObject } from '../../engine';
import { describeFailedResponse } from './http-response';
import { describeUrl } from '../../outbound-http';
import { httpUrlField } from './http-url';
import { API_CALL_TIMEOUT_MS, type NetworkActorOptions } from './network-actor-options';
import { postJson } from './post-json';

/** The `tpl_rpc_call` properties: `endpoint` and `method` required; only the json-rpc protocol runs. */
const RpcCallConfigSchema = z.object({
  protocol: choiceSetting('The RPC protocol; only json-rpc (JSON-RPC over HTTP POST) runs', ['json-rpc', 'grpc', 'xml-rpc'], 'json-rpc').refine(
    (protocol) => protocol === 'json-rpc',
    (protocol) => ({
      message: `protocol '${protocol}' is not supported; only json-rpc (JSON-RPC over HTTP POST) runs`,
    }),
  ),
  endpoint: httpUrlField('The http(s) URL the JSON-RPC request is POSTed to'),
  method: requiredText('The remote method to call'),
  version: textSetting('The `jsonrpc` version member sent with the request', z.string().default('2.0')),
});

/** JSON-RPC params must be structured: an array or object goes as it is, another value as a one-element array. */
function rpcParams(value: JsonValue | undefined): JsonValue | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'object' ? value : [value];
}

/** The `error-out` packet of an RPC error: `{code, message, data}`, with null for a missing member. */
function rpcError(error: JsonValue): JsonObject {
  if (!isJsonObject(error)) return { code: null, message: String(error), data: null };
  return { code: error.code ?? null, message: error.message ?? '', data: error.data ?? null };
}

/**
 * Builds the `tpl_rpc_call` actor: one JSON-RPC call per `params-in` packet (once at start when nothing
 * feeds it). `result` goes to `result-out`, an `error` member to `error-out` as `{code, message, data}`;
 * an answer that is no JSON-RPC response, or no answer at all, fails the firing.
 */
export function createRpcCallActor(options: NetworkActorOptions = {}) {
  return defineActor({
    id: 'tpl_rpc_call',
    title: 'RPC Call',
    description: 'Calls a JSON-RPC method over HTTP POST.',
    inports: { 'params-in': { type: 'all', description: 'The params (array or object); each packet makes one call.' } },
    outports: {
      'result-out': { type: 'all', description: 'The `result` of the call.' },
      ...errorOutPort("(with the RPC error's code and data) for an RPC error or a failed call"),
    },
    config: RpcCallConfigSchema,
    createState: () => ({ lastId: 0 }),
    // A remote method may change anything, and JSON-RPC does not say which ones only read.
    effects: 'once',
    fire: async ({ config, inputs, state, signal, send }) => {
      const id = ++state.lastId;
      const request: JsonObject = { jsonrpc: config.version, method: config.method, id };
      const params = rpcParams(inputs['params-in']);
      if (params !== undefined) request.params = params;
      const { response, body } = await postJson(config.endpoint, request, {
        ...options,
        what: "config 'endpoint'",
        accept: 'application/json',
        timeoutMs: API_CALL_TIMEOUT_MS,
        retryCount: 0,
        signal,
      });
      const answered = isJsonObject(body) && (Object.hasOwn(body, 'result') || Object.hasOwn(body, 'error'));
      if (!answered) {
        throw new Error(
          response.status >= 400
            ? describeFailedResponse({ method: 'POST' }, response)
            : `POST ${describeUrl(response.url)} answered no JSON-RPC response (neither result nor error)`,
        );
      }
      if (body.id !== id && body.id !== null && body.id !== undefined)
        throw new Error(`the JSON-RPC response has id ${JSON.stringify(body.id)}, the request had ${id}`);
      if (body.error !== undefined && body.error !== null) await send('error-out', rpcError(body.error));
      else await send('result-out', body.result ?? null);
    },
  });
}

/** The `tpl_rpc_call` actor of the catalogue. */
export const rpcCallActor = createRpcCallActor();
