import { z } from 'zod';
import { booleanSetting, choiceSetting, effectsOfHttpMethod, numberSetting } from '../shared';
import { ActorError, defineActor, errorOutPort } from '../../engine';
import { HTTP_METHODS, buildHttpCall } from './build-http-call';
import { fetchWithRetry, retryPolicy } from '../../outbound-http';
import { describeFailedResponse, responsePacket } from './http-response';
import { httpUrlField } from './http-url';
import { DEFAULT_EGRESS, DEFAULT_MAX_REQUEST_TIMEOUT_MS, type NetworkActorOptions } from './network-actor-options';

/** The `tpl_http_request` properties: `url` required, the others with the template's defaults. */
export const HttpRequestConfigSchema = z.object({
  url: httpUrlField('The http(s) URL to request; `${env:...}` and `${secret:...}` references are resolved when the node fires'),
  method: choiceSetting('The HTTP method', HTTP_METHODS, 'GET'),
  timeout: numberSetting('Time limit of one attempt in milliseconds, reading the body included', z.number().int().min(1).max(2_147_483_647).default(30_000)),
  retryCount: numberSetting('Attempts after the first one on network errors, timeouts, 408, 429 and 5xx', z.number().int().min(0).max(10).default(3)),
  followRedirects: booleanSetting('Follow redirects, or emit the 3xx response as it is', true),
});

/**
 * Builds the `tpl_http_request` actor: one request per `data-in` packet (once at start when nothing feeds
 * the node), headers from the control port `headers-in`: when it is fed, requests wait for its first packet,
 * and a new headers packet only replaces the headers. A response below 400 goes to
 * `response-out`; a 4xx, a 5xx left after the retries and a request that got no response fail the
 * firing, which the engine routes to `error-out` when it is connected.
 */
export function createHttpRequestActor(options: NetworkActorOptions = {}) {
  return defineActor({
    id: 'tpl_http_request',
    title: 'HTTP Request',
    description: 'Sends an HTTP request and emits the response as {status, statusText, headers, body, url}.',
    inports: {
      'data-in': { type: 'all', description: 'Query parameters (GET, DELETE) or the request body (POST, PUT, PATCH); each packet sends one request.' },
      'headers-in': {
        type: 'object',
        description: 'An object of header names to values, kept for every later request; when fed, requests wait for the first one.',
        control: true,
      },
    },
    outports: {
      'response-out': { type: 'object', description: 'The response: {status, statusText, headers, body, url}.' },
      ...errorOutPort('for a 4xx, a 5xx left after the retries, or a request that got no response'),
    },
    config: HttpRequestConfigSchema,
    effects: (config) => effectsOfHttpMethod(config.method),
    fire: async ({ config, inputs, signal, send }) => {
      const call = buildHttpCall({ url: config.url, method: config.method, data: inputs['data-in'], headers: inputs['headers-in'] });
      const response = await fetchWithRetry(call, {
        timeoutMs: Math.min(config.timeout, options.maxTimeoutMs ?? DEFAULT_MAX_REQUEST_TIMEOUT_MS),
        followRedirects: config.followRedirects,
        signal,
        policy: retryPolicy({ ...options.policy, attempts: config.retryCount + 1 }),
        maxBodyBytes: options.maxBodyBytes,
        egress: options.egress ?? DEFAULT_EGRESS,
      });
      if (response.status >= 400) throw new ActorError(describeFailedResponse(call, response), responsePacket(response));
      await send('response-out', responsePacket(response));
    },
  });
}

/** The `tpl_http_request` actor of the catalogue. */
export const httpRequestActor = createHttpRequestActor();
