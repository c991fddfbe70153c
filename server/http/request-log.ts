import { randomUUID } from 'node:crypto';
import { type IncomingMessage, type ServerResponse } from 'node:http';
import { type RequestHandler } from 'express';
import { type Logger as PinoLogger, type LevelWithSilent } from 'pino';
import { pinoHttp } from 'pino-http';

/** The header that carries a request's id: taken from the client when well-formed, and always answered. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** A client's request id is kept only when it is short and plain, so that it cannot forge log lines or headers. */
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Paths polled by load balancers and scrapers: their successful answers are logged at debug level only. */
const PROBE_PATHS = new Set(['/health', '/ready', '/metrics']);

/** The path of a request without its query string, which may carry an `access_token`. */
export function pathOf(req: IncomingMessage): string {
  const url = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/';
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}

/** The request's id: the client's `x-request-id` when well-formed, a new UUID otherwise. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && CLIENT_REQUEST_ID.test(given) ? given : randomUUID();
}

function requestId(req: IncomingMessage, res: ServerResponse): string {
  const id = requestIdOf(req);
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

/** Whether a successful answer to `path` gets a line of its own: at info, or at debug for the probes' paths. */
export function logsSuccessLine(logger: PinoLogger | undefined, path: string): boolean {
  return logger !== undefined && logger.isLevelEnabled(PROBE_PATHS.has(path) ? 'debug' : 'info');
}

/**
 * Answers that ask the client to come back later (503 UNAVAILABLE: shutting down, too many connections, a
 * store out of reach). They are the service working as designed, and what caused them is logged where it
 * happened: a shutdown would otherwise fill the log with error lines for every poll of /ready.
 */
const comeBackLater = new WeakSet<ServerResponse>();

/** Marks `res` as an answer that asks the client to come back later, logged at info rather than as an error. */
export function markComeBackLater(res: ServerResponse): void {
  comeBackLater.add(res);
}

function levelOf(req: IncomingMessage, res: ServerResponse, error?: Error): LevelWithSilent {
  if (error === undefined && comeBackLater.has(res)) return 'info';
  if (error !== undefined || res.statusCode >= 500) return 'error';
  if (res.statusCode < 400 && PROBE_PATHS.has(pathOf(req))) return 'debug';
  return 'info';
}

function summary(req: IncomingMessage, res: ServerResponse): string {
  const closed = res.writableEnded ? '' : ' (client closed the connection)';
  return `${req.method ?? 'GET'} ${pathOf(req)} ${res.statusCode}${closed}`;
}

/**
 * Logs one line per HTTP request once it is answered: `req` (`id`, `method`, `path`), `res` (`statusCode`)
 * and `responseTime` in milliseconds. Headers, the query string and bodies are never logged, so neither are
 * tokens. Every answer carries its request id in `x-request-id`. Without a logger, only the ids are given.
 */
export function requestLog(logger?: PinoLogger): RequestHandler {
  const logRequest = pinoHttp({
    logger,
    enabled: logger !== undefined,
    genReqId: requestId,
    customLogLevel: levelOf,
    customSuccessMessage: summary,
    customErrorMessage: (req, res) => summary(req, res),
    // The line says a request was answered 5xx; what went wrong is logged where it happened.
    customErrorObject: (_req, _res, _error, fields: Record<string, unknown>) => ({ ...fields, err: undefined }),
    // The serializers read the raw request and response: pino's standard wrappers would first copy every
    // header of each request into an object that these serializers then drop.
    wrapSerializers: false,
    serializers: {
      req: (req: IncomingMessage & { id?: unknown }) => ({ id: req.id, method: req.method, path: pathOf(req) }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
    },
  }) as RequestHandler;
  // Below info, only the error lines of 5xx answers can be written: one listener per request finds them,
  // instead of pino-http's two child loggers for lines that would all be dropped.
  if (logger === undefined || !logger.isLevelEnabled('info')) return errorLinesOnly(logger);
  return function logUnlessQuietProbe(req, res, next) {
    // The health probe answers 200 whatever happens, a line logged at debug: below that level, polling it
    // every second costs a load balancer no per-request logger (pino-http builds two child loggers each time).
    if (req.method === 'GET' && req.url === '/health' && !logsSuccessLine(logger, '/health')) {
      requestId(req, res);
      return next();
    }
    logRequest(req, res, next);
  };
}

/** The request log when its level is above info: request ids for every answer, a line for each 5xx one. */
function errorLinesOnly(logger: PinoLogger | undefined): RequestHandler {
  const logs = logger !== undefined && logger.isLevelEnabled('error');
  return function logServerErrors(req, res, next) {
    const id = requestId(req, res);
    // As pino-http does: the error handler's line names the request.
    req.id = id;
    if (logs) {
      const started = performance.now();
      res.once('finish', () => {
        if (res.statusCode < 500 || comeBackLater.has(res)) return;
        const responseTime = Math.round(performance.now() - started);
        logger.error({ req: { id, method: req.method, path: pathOf(req) }, res: { statusCode: res.statusCode }, responseTime }, summary(req, res));
      });
    }
    next();
  };
}
