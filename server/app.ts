import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { type Store } from 'express-rate-limit';
import { type Logger as PinoLogger } from 'pino';
import { type ServerConfig } from './config';
import { BearerAuth, ConnectionLimit, RequestBudget, clientAddressOf, type TrustProxyFunction } from './guards';
import {
  ContractRoutes,
  answerClientError,
  auditRequests,
  authGuard,
  budgetGuard,
  connectionGuard,
  docsRoutes,
  errorMiddleware,
  eventStreamRoute,
  executionEnvelopeJson,
  hookRoutes,
  hotReads,
  jsonBody,
  metricsRoute,
  notFoundHandler,
  plainQuery,
  requestLog,
  requestMetrics,
  responseHeaders,
  RouteAccessRules,
  RoutePatterns,
  UNMATCHED_ROUTE,
  staticHeadersOf,
  uiRoutes,
} from './http';
import { buildAsyncApiDocument, buildOpenApiDocument } from './openapi';
import { type AppServices } from './transport';
import { type WsGateway, attachWsGateway } from './ws';
import { FbpRuntime } from './fbp-runtime';
import { type Logger } from './logger';
import { type Tracing } from './tracing';

/** What the application is built from. */
export interface AppOptions {
  config: ServerConfig;
  services: AppServices;
  logger: Logger;
  /** Where a line for each answered HTTP request goes; without it, requests are not logged. */
  accessLog?: PinoLogger;
  /**
   * A store of per-client counts shared by the nodes of a cluster, by name (`rate-limit`, `auth-failures`):
   * the request budget and the wrong-token lock-out are then one for the whole cluster. Without it, each is
   * kept in this process.
   */
  sharedCounters?: (name: string) => Store;
  /** Traces every HTTP request in a server span, when tracing is on (see `startTracing`). */
  tracing?: Pick<Tracing, 'traceRequests'>;
}

/** The HTTP and WebSocket server of the service, built but not yet listening. */
export interface App {
  readonly server: Server;
  readonly app: express.Express;
  /** Listens on the configured port and address; resolves with the base URL. */
  listen(): Promise<string>;
  /**
   * Waits, at most `timeoutMs`, until every event stream (SSE and `/ws` subscriptions) has sent the log it
   * follows to its end: after a shutdown cancelled the runs, subscribers still get their terminal events.
   */
  drain(timeoutMs: number): Promise<void>;
  /** Closes WebSocket sessions (1001), then the HTTP server. */
  close(): Promise<void>;
}

/** Names a request path by its route pattern, or undefined when no route matches it. */
function routeNameOf(routes: RoutePatterns): (path: string) => string | undefined {
  return (path) => {
    const route = routes.match(path);
    return route === UNMATCHED_ROUTE ? undefined : route;
  };
}

/** Builds the Express application and the WebSocket gateway on one HTTP server. */
export function createApp({ config, services, logger, accessLog, sharedCounters, tracing }: AppOptions): App {
  const app = expressApp(config);
  const server = httpServer(config);
  // Which proxies may name the client: req.ip follows it, and so do the hot reads and WebSocket upgrades.
  const clientAddress = clientAddressOf(app.get('trust proxy fn') as TrustProxyFunction, config.trust_proxy === false || config.trust_proxy === 0);
  const connections = new ConnectionLimit(config.max_connections);
  connections.attach(server, config.headers_timeout_ms);
  const auth = new BearerAuth(config.auth_tokens, { shared: sharedCounters?.('auth-failures') });
  // Checks, documents and the /ui page with its files are outside the budget (see isUnmeteredPath); everything else counts.
  const budget = new RequestBudget({ requestsPerMinute: config.rate_limit_requests_per_minute, store: sharedCounters?.('rate-limit') });
  // One table of which scope each route needs and what it audits, read by the audit step and the token check.
  const accessRules = new RouteAccessRules();
  const tokenCheck = authGuard(auth, clientAddress, accessRules);
  const headers = responseHeaders({ corsEnabled: config.cors_enabled });
  const graphLimits = { maxNodes: config.max_graph_nodes, maxConnections: config.max_graph_connections };
  const routes = new ContractRoutes(services);
  const streams = new Set<unknown>();

  // Every request goes down this list until one answers it.
  const pipeline: (RequestHandler | ErrorRequestHandler | RequestHandler[])[] = [
    requestLog(accessLog), // first, so that refused requests are logged and counted too
    auditRequests(services.audit, clientAddress, accessRules),
    requestMetrics(services.metrics),
    connectionGuard(connections),
    headers,
    routes.serve('health'), // before the budget and the token check, which a load balancer polling it should not pay for
    budgetGuard(budget, clientAddress),
    metricsRoute(services.metrics, config.metrics_public ? undefined : tokenCheck),
    hookRoutes(services.deployments, services.executions, config.max_body_bytes), // each checks the authentication its workflow asks for
    tokenCheck,
    routes.serve('getWorkflow'), // the status read clients poll, before the documents, the page and the parsers that never apply to it
    docsRoutes({ openapi: buildOpenApiDocument(), asyncapi: buildAsyncApiDocument() }),
    uiRoutes(),
    plainQuery(),
    jsonBody(config.max_body_bytes, graphLimits),
    eventStreamRoute(services, streams),
    routes.rest(),
    notFoundHandler(),
    errorMiddleware(logger),
  ];
  for (const step of pipeline) app.use(step);
  // The same two routes, answered by their handlers before Express whenever nothing Express does would show.
  const hotRoutes = [routes.route('health'), { ...routes.route('getWorkflow'), json: executionEnvelopeJson }];
  const answer = hotReads(
    { routes: hotRoutes, metrics: services.metrics, connections, auth, budget, clientAddress, accessLog, headers: staticHeadersOf(headers) },
    app,
  );
  server.on('request', tracing === undefined ? answer : tracing.traceRequests(answer, routeNameOf(new RoutePatterns())));

  const fbpRuntime = new FbpRuntime({
    executions: services.executions,
    catalogue: services.catalogue,
    graphLimits,
    maxGraphBytes: config.max_protocol_graph_mb * 1024 * 1024,
    graphs: services.protocolGraphs,
    components: services.graphComponents,
    id: services.fbpRuntimeId,
    type: config.fbp_runtime_type,
    logger,
  });
  const gateway: WsGateway = attachWsGateway(server, {
    services,
    connections,
    auth,
    logger,
    maxPayloadBytes: config.max_body_bytes,
    maxBufferedBytes: config.ws_max_buffered_bytes,
    graphLimits,
    budget,
    clientAddress,
    idleTimeoutMs: config.ws_idle_timeout_ms,
    fbpRuntime,
    maxProtocolConnections: config.max_protocol_connections,
    protocolAuthTimeoutMs: config.protocol_auth_timeout_ms,
  });
  services.metrics.observeSubscribers(() => ({ websocket: gateway.openSubscriptions(), sse: streams.size }));

  return {
    server,
    app,
    listen: () => listen(server, config),
    drain: async (timeoutMs) => {
      const until = Date.now() + timeoutMs;
      while ((streams.size > 0 || gateway.openSubscriptions() > 0) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
    },
    close: async () => {
      await gateway.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

function expressApp(config: ServerConfig): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trust_proxy);
  // Every answer carries its own timestamp, so an ETag would never match: hashing each body is waste.
  app.set('etag', false);
  return app;
}

function httpServer(config: ServerConfig): Server {
  const server = createServer({
    headersTimeout: config.headers_timeout_ms,
    requestTimeout: config.request_timeout_ms,
    keepAliveTimeout: config.keep_alive_timeout_ms,
    // Idle and slow sockets are found within a second, so that a few of them cannot hold max_connections.
    connectionsCheckingInterval: 1000,
  });
  server.on('clientError', answerClientError);
  return server;
}

function listen(server: Server, config: ServerConfig): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.bind_address, () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      const host = config.bind_address.includes(':') ? `[${config.bind_address}]` : config.bind_address;
      resolve(`http://${host}:${port}`);
    });
  });
}
