import { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { type Logger as PinoLogger } from 'pino';
import { ZodObject, type ZodTypeAny } from 'zod';
import { type BearerAuth, type ClientAddressOf, type ConnectionLimit, type RequestBudget, credentialsOf, isPublicPath } from '../guards';
import { type ServiceMetrics } from '../metrics';
import { type ContractRoute } from './contract-routes';
import { CLIENT_CLOSED_REQUEST } from './request-metrics';
import { REQUEST_ID_HEADER, logsSuccessLine, requestIdOf } from './request-log';
import { ANSWER_SLICE_CHARS, writeInSlices } from './sliced-write';

const JSON_TYPE = 'application/json; charset=utf-8';

/** A GET route of the contract that may be answered before Express, and how its 200 body is written as JSON. */
interface HotRoute extends ContractRoute {
  /** The JSON text of a 200 body, in pieces written one after the other. @default one piece, `JSON.stringify(body)` */
  readonly json?: (body: never) => readonly string[];
}

/** What the hot reads need to answer as Express would. */
export interface HotReadsOptions {
  readonly routes: readonly HotRoute[];
  readonly metrics: ServiceMetrics;
  readonly connections: ConnectionLimit;
  readonly auth: BearerAuth;
  readonly budget: RequestBudget;
  readonly clientAddress: ClientAddressOf;
  /** The request log: a route whose success it writes a line for goes through Express. */
  readonly accessLog?: PinoLogger;
  /** The headers every answer carries whatever the request (security and CORS headers): see {@link staticHeadersOf}. */
  readonly headers: readonly (readonly [string, string])[];
}

interface Compiled {
  readonly route: HotRoute;
  readonly segments: readonly string[];
  readonly tokenChecked: boolean;
}

// A path with a query, a fragment or an escape is routed by Express, which reads them.
const ROUTED_BY_EXPRESS = /[?#%]/;

function parsedParams(compiled: Compiled, parts: readonly string[]): Record<string, unknown> | undefined {
  if (parts.length !== compiled.segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const segment = compiled.segments[i];
    if (segment.startsWith(':')) params[segment.slice(1)] = parts[i];
    else if (segment !== parts[i]) return undefined;
  }
  const schema = compiled.route.route.pathParams as ZodTypeAny | undefined;
  if (schema === undefined) return params;
  // Each parameter by its own schema when there is one: parsing the object costs a copy on every request.
  if (schema instanceof ZodObject) {
    const shape = schema.shape as Record<string, ZodTypeAny>;
    for (const [name, value] of Object.entries(params)) {
      const one = shape[name]?.safeParse(value);
      if (one === undefined || !one.success) return undefined;
      params[name] = one.data as string;
    }
    return params;
  }
  const parsed = schema.safeParse(params);
  return parsed.success ? (parsed.data as Record<string, unknown>) : undefined;
}

/**
 * GET routes of the contract that clients and load balancers poll (`/health`, `/workflows/{execution_id}`),
 * answered before Express by their one handler when none of what Express would do for them has an effect
 * beyond what is done here: request id, metrics, the headers of every answer, the token check. A route takes
 * this way only when no line is logged for its success and no rate limit counts it. Express's request setup and
 * router cost four times what such an answer does. Anything else, in any form (a query string, a trailing
 * slash, HEAD, an escaped character, a connection over the limit, a request without a valid token, an answer
 * other than 200, a failed handler), goes to Express as it came, which answers it as it would have anyway.
 */
export function hotReads(options: HotReadsOptions, express: RequestListener): RequestListener {
  const { metrics, connections, auth, clientAddress } = options;
  const fixedHeaders = options.headers.flat();
  const exact = new Map<string, Compiled>();
  const patterned: Compiled[] = [];
  for (const route of options.routes) {
    const path = route.route.path;
    if (route.route.method !== 'GET' || logsSuccessLine(options.accessLog, path) || options.budget.counts(path)) continue;
    const compiled = { route, segments: path.split('/'), tokenChecked: auth.enabled && !isPublicPath(path) };
    if (path.includes(':')) patterned.push(compiled);
    else exact.set(path, compiled);
  }

  function match(url: string): { compiled: Compiled; params: Record<string, unknown> } | undefined {
    const fixed = exact.get(url);
    if (fixed !== undefined) return { compiled: fixed, params: {} };
    if (patterned.length === 0 || ROUTED_BY_EXPRESS.test(url)) return undefined;
    const parts = url.split('/');
    for (const compiled of patterned) {
      const params = parsedParams(compiled, parts);
      if (params !== undefined) return { compiled, params };
    }
    return undefined;
  }

  function answer(req: IncomingMessage, res: ServerResponse, route: HotRoute, started: number, body: unknown): void {
    const path = route.route.path;
    if (res.destroyed) {
      metrics.httpRequest('GET', path, CLIENT_CLOSED_REQUEST, performance.now() - started);
      return;
    }
    const pieces = route.json === undefined ? [JSON.stringify(body)] : route.json(body as never);
    const bytes = pieces.reduce((sum, piece) => sum + Buffer.byteLength(piece), 0);
    res.writeHead(200, [...fixedHeaders, REQUEST_ID_HEADER, requestIdOf(req), 'Content-Type', JSON_TYPE, 'Content-Length', String(bytes)]);
    if (bytes <= ANSWER_SLICE_CHARS) {
      res.end(pieces.length === 1 ? pieces[0] : pieces.join(''));
      metrics.httpRequest('GET', path, 200, performance.now() - started);
      return;
    }
    void writeInSlices(res, pieces).then(() => metrics.httpRequest('GET', path, res.destroyed ? CLIENT_CLOSED_REQUEST : 200, performance.now() - started));
  }

  return function listener(req, res) {
    if (req.method !== 'GET' || connections.isOverLimit(req.socket)) return express(req, res);
    const hit = match(req.url ?? '');
    if (hit === undefined) return express(req, res);
    const { route, tokenChecked } = hit.compiled;
    const started = performance.now();
    const handle = (): void => {
      route.handler({ params: hit.params }).then(
        (result) => (result.status === 200 ? answer(req, res, route, started, result.body) : express(req, res)),
        () => express(req, res),
      );
    };
    if (!tokenChecked) return handle();
    // The token check keys the client as Express would (trust_proxy) and, in a cluster, reads the shared lock-out.
    auth.admits(credentialsOf(req, clientAddress)).then(
      (admitted) => (admitted ? handle() : express(req, res)),
      () => express(req, res),
    );
  };
}
