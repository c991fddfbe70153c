import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { createExpressEndpoints, initServer } from '@ts-rest/express';
import cors from 'cors';
import express, { type RequestHandler } from 'express';
import { type Store } from 'express-rate-limit';
import helmet from 'helmet';
import { type Logger as PinoLogger } from 'pino';
import { contract } from '../contract';
import { type ServerConfig } from './config';
import {
  type AppServices,
  actorRoutes,
  BearerAuth,
  ConnectionLimit,
  docsRoutes,
  uiRoutes,
  errorMiddleware,
  eventStreamHandler,
  earlyHealth,
  earlyStatusRead,
  healthRoutes,
  ideRoutes,
  jsonBody,
  plainQuery,
  notFoundHandler,
  RequestBudget,
  requestValidationErrorHandler,
  workflowRoutes,
  graphRoutes,
  deploymentRoutes,
  hookRoutes,
  hotReads,
  logsSuccessLine,
  metricsRoute,
  requestLog,
  requestMetrics,
  staticHeadersOf,
  clientAddressOf,
  type TrustProxyFunction,
} from './http';
import { buildAsyncApiDocument, buildOpenApiDocument } from './openapi';
import { type WsGateway, attachWsGateway } from './ws';
import { FbpRuntime } from './fbp-runtime';
import { type Logger } from './logger';

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

const s = initServer();

/** Builds the Express application and the WebSocket gateway on one HTTP server. */
export function createApp({ config, services, logger, accessLog, sharedCounters }: AppOptions): App {
  const app = express();
  app.disable('x-powered-by');
  // Which proxies may name the client: req.ip follows it, and so do the hot reads and WebSocket upgrades.
  app.set('trust proxy', config.trust_proxy);
  const clientAddress = clientAddressOf(app.get('trust proxy fn') as TrustProxyFunction, config.trust_proxy === false || config.trust_proxy === 0);
  // Every answer carries its own timestamp, so an ETag would never match: hashing each body is waste.
  app.set('etag', false);
  const server = createServer({
    headersTimeout: config.headers_timeout_ms,
    requestTimeout: config.request_timeout_ms,
    keepAliveTimeout: config.keep_alive_timeout_ms,
    // Idle and slow sockets are found within a second, so that a few of them cannot hold max_connections.
    connectionsCheckingInterval: 1000,
  });
  const connections = new ConnectionLimit(config.max_connections);
  connections.attach(server, config.headers_timeout_ms);
  const auth = new BearerAuth(config.auth_tokens, { clientAddress, shared: sharedCounters?.('auth-failures') });

  // First, so that refused requests are logged and counted too.
  app.use(requestLog(accessLog));
  app.use(requestMetrics(services.metrics));
  app.use(connections.middleware());
  const headers: RequestHandler[] = [
    helmet({
      contentSecurityPolicy: { directives: { upgradeInsecureRequests: null, imgSrc: ["'self'", 'data:'] } },
      crossOriginResourcePolicy: { policy: config.cors_enabled ? 'cross-origin' : 'same-origin' },
    }),
  ];
  // Browser clients on other origins read the rate-limit headers too, to wait and pace as they say.
  if (config.cors_enabled) headers.push(cors({ maxAge: 600, exposedHeaders: ['Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'] }));
  app.use(headers);
  app.get('/health', earlyHealth());
  // Checks, documents and the /ui page with its files are outside the budget (see isUnmeteredPath); everything else counts.
  const budget = new RequestBudget({ requestsPerMinute: config.rate_limit_requests_per_minute, clientAddress, store: sharedCounters?.('rate-limit') });
  app.use(budget.middleware());
  // The status read, which clients poll, goes right after the budget, with the token check of every other route.
  app.get('/workflows/:execution_id', auth.middleware(), earlyStatusRead(services));
  app.get('/metrics', ...(config.metrics_public ? [] : [auth.middleware()]), metricsRoute(services.metrics));
  // Hooks are the deployments' own public entry points: each checks the authentication its workflow asks for.
  app.use(hookRoutes(services.deployments, services.executions, config.max_body_bytes));
  app.use(auth.middleware());
  app.use(docsRoutes({ openapi: buildOpenApiDocument(), asyncapi: buildAsyncApiDocument() }));
  app.use(uiRoutes());
  app.use(plainQuery());
  const graphLimits = { maxNodes: config.max_graph_nodes, maxConnections: config.max_graph_connections };
  app.use(jsonBody(config.max_body_bytes, graphLimits));
  const streams = new Set<unknown>();
  app.get('/workflows/:execution_id/events', eventStreamHandler(services, streams));
  createExpressEndpoints(
    contract,
    s.router(contract, { ...healthRoutes(services), ...workflowRoutes(services), ...graphRoutes(services), ...ideRoutes(services), ...actorRoutes(services), ...deploymentRoutes(services) }),
    app,
    { requestValidationErrorHandler, logInitialization: false },
  );
  app.use(notFoundHandler());
  app.use(errorMiddleware(logger));
  server.on(
    'request',
    hotReads(
      {
        services,
        connections,
        auth,
        headers: staticHeadersOf(headers),
        health: !logsSuccessLine(accessLog, '/health'),
        statusRead: !logsSuccessLine(accessLog, '/workflows/id') && !budget.enabled,
      },
      app,
    ),
  );

  const fbpRuntime = new FbpRuntime({ executions: services.executions, catalogue: services.catalogue, graphLimits, maxGraphBytes: config.max_protocol_graph_mb * 1024 * 1024, logger });
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
    listen: () =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(config.port, config.bind_address, () => {
          server.off('error', reject);
          const { port } = server.address() as AddressInfo;
          const host = config.bind_address.includes(':') ? `[${config.bind_address}]` : config.bind_address;
          resolve(`http://${host}:${port}`);
        });
      }),
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
