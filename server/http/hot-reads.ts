import { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { type RequestHandler } from 'express';
import { HEALTH_MESSAGE } from '../../contract';
import { ExecutionIdSchema } from '../../model';
import { type AppServices } from './app-services';
import { type BearerAuth } from './bearer-auth';
import { type ConnectionLimit } from './connection-limit';
import { success } from './envelope';
import { executionViewJson } from './execution-view';
import { CLIENT_CLOSED_REQUEST } from './request-metrics';
import { REQUEST_ID_HEADER, requestIdOf } from './request-log';
import { RoutePatterns } from './route-patterns';

const STATUS_PREFIX = '/workflows/';
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The characters of an answer converted and written at a time. An execution with a result of several
 * megabytes is answered slice by slice, waiting for the socket to drain, so that converting it to bytes does
 * not hold the event loop for the whole text at once (80-240 ms per 8 MiB on a busy machine).
 */
const ANSWER_SLICE_CHARS = 64 * 1024;

// Writes a long answer slice by slice, each once the socket has taken the previous ones; ends it.
async function writeInSlices(res: ServerResponse, pieces: readonly string[]): Promise<void> {
  for (const text of pieces) {
    for (let at = 0; at < text.length && !res.destroyed; at += ANSWER_SLICE_CHARS) {
      if (res.write(text.slice(at, at + ANSWER_SLICE_CHARS))) continue;
      await new Promise<void>((resolve) => {
        const done = (): void => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.on('drain', done);
        res.on('close', done);
      });
    }
  }
  res.end();
}

/** What the hot reads need, and which of them may skip Express. */
export interface HotReadsOptions {
  readonly services: Pick<AppServices, 'executions' | 'metrics'>;
  readonly connections: ConnectionLimit;
  readonly auth: BearerAuth;
  /** The headers every answer carries whatever the request (security and CORS headers): see {@link staticHeadersOf}. */
  readonly headers: readonly (readonly [string, string])[];
  /** `GET /health` may skip Express: its success is not logged on a line of its own. */
  readonly health: boolean;
  /** `GET /workflows/{id}` may skip Express: its success is not logged and no rate limit counts it. */
  readonly statusRead: boolean;
}

/**
 * The two reads clients and load balancers poll, `GET /health` and `GET /workflows/{execution_id}`, answered
 * before Express when none of what Express would do for them has an effect beyond what is done here: request
 * id, metrics, the headers of every answer, the token check; nothing else applies to these two when no line
 * is logged for them and, for the status read, no rate limit counts it. Express's request setup and router
 * cost four times what such an answer does. Anything else, in any form (a query string, a trailing slash,
 * HEAD, an encoded id, a connection over the limit, a request without a valid token, an unknown execution, a
 * failed read), goes to Express as it came, which answers it as it would have anyway.
 */
export function hotReads(options: HotReadsOptions, express: RequestListener): RequestListener {
  const { services, connections, auth } = options;
  const routes = new RoutePatterns();
  const healthRoute = routes.match('/health');
  const statusRoute = routes.match(`${STATUS_PREFIX}id`);
  const fixedHeaders = options.headers.flat();

  function answer(req: IncomingMessage, res: ServerResponse, route: string, started: number, pieces: readonly string[]): void {
    if (res.destroyed) {
      services.metrics.httpRequest('GET', route, CLIENT_CLOSED_REQUEST, performance.now() - started);
      return;
    }
    const bytes = pieces.reduce((sum, piece) => sum + Buffer.byteLength(piece), 0);
    res.writeHead(200, [...fixedHeaders, REQUEST_ID_HEADER, requestIdOf(req), 'Content-Type', JSON_TYPE, 'Content-Length', String(bytes)]);
    if (bytes <= ANSWER_SLICE_CHARS) {
      res.end(pieces.length === 1 ? pieces[0] : pieces.join(''));
      services.metrics.httpRequest('GET', route, 200, performance.now() - started);
      return;
    }
    void writeInSlices(res, pieces).then(() => services.metrics.httpRequest('GET', route, res.destroyed ? CLIENT_CLOSED_REQUEST : 200, performance.now() - started));
  }

  return function listener(req, res) {
    const url = req.url ?? '';
    if (req.method !== 'GET' || connections.isOverLimit(req.socket)) return express(req, res);
    if (url === '/health' && options.health) return answer(req, res, healthRoute, performance.now(), [JSON.stringify(success(HEALTH_MESSAGE))]);
    const id = url.startsWith(STATUS_PREFIX) ? url.slice(STATUS_PREFIX.length) : '';
    // The id pattern has no character a path would encode or strip (`/`, `?`, `#`, `%`).
    if (!options.statusRead || !ExecutionIdSchema.safeParse(id).success) return express(req, res);
    const started = performance.now();
    const read = (): void => {
      services.executions.get(id).then(
        (record) => answer(req, res, statusRoute, started, executionViewJson(record)),
        () => express(req, res),
      );
    };
    if (!auth.enabled) return read();
    // The token check keys the client as Express would (trust_proxy) and, in a cluster, reads the shared lock-out.
    auth.admits(req).then(
      (admitted) => (admitted ? read() : express(req, res)),
      () => express(req, res),
    );
  };
}

/**
 * The headers middlewares set on every answer whatever the request (helmet's, cors's with a fixed origin):
 * read once by running them against a response that records them. Throws when one of them does not pass the
 * request on at once, since its headers would then depend on something.
 */
export function staticHeadersOf(middlewares: readonly RequestHandler[]): [string, string][] {
  const headers = new Map<string, [string, string]>();
  const req = { method: 'GET', url: '/', path: '/', headers: {} };
  const res = {
    statusCode: 200,
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), [name, String(value)]),
    getHeader: (name: string) => headers.get(name.toLowerCase())?.[1],
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  for (const middleware of middlewares) {
    let passed = false;
    middleware(req as never, res as never, (error?: unknown) => {
      if (error !== undefined) throw new Error(`A middleware refused the header probe: ${String(error)}`);
      passed = true;
    });
    if (!passed) throw new Error('A middleware did not pass the header probe on at once');
  }
  return [...headers.values()];
}
