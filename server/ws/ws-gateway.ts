import { type IncomingMessage, type Server } from 'node:http';
import { type Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { AppError } from '../errors';
import { type BearerAuth, type Caller, type ClientAddressOf, type ConnectionLimit, type GraphSizeLimits, type RequestBudget, credentialsOf } from '../guards';
import { type AppServices } from '../transport';
import { refuseUpgrade } from './refuse-upgrade';
import { DeliveryPacer } from '../executions';
import { WsSession } from './ws-session';
import { serveFbpSocket } from './fbp-socket';
import { type FbpRuntime } from '../fbp-runtime';
import { type Logger } from '../logger';

/** Options of the WebSocket gateway. */
export interface WsGatewayOptions {
  services: AppServices;
  connections: ConnectionLimit;
  auth: BearerAuth;
  logger: Logger;
  /** Largest accepted frame. */
  maxPayloadBytes: number;
  /** A subscriber whose unsent data exceeds this is closed. @default 8 MiB */
  maxBufferedBytes?: number;
  /** The largest graph a `start_workflow` frame may carry. */
  graphLimits: GraphSizeLimits;
  /** The per-client request budget shared with HTTP. */
  budget: RequestBudget;
  /** The address of a request's client, as HTTP finds it: the key of its budget. */
  clientAddress: ClientAddressOf;
  /** A session with no subscription that sends nothing for this long is closed. @default 60000 */
  idleTimeoutMs?: number;
  /** Interval of the keep-alive ping; a client that misses one is dropped. @default 30000 */
  pingIntervalMs?: number;
  /** The FBP Network Protocol runtime served on `/` (subprotocol `noflo`); without it `/` refuses upgrades. */
  fbpRuntime?: FbpRuntime;
  /** FBP protocol sockets open at once, counted apart from `connections`; beyond it the upgrade gets 503. @default 100 */
  maxProtocolConnections?: number;
  /** With tokens set, an FBP protocol socket that shows no valid secret within this time is closed. @default 10000 */
  protocolAuthTimeoutMs?: number;
}

/** The WebSocket side of the server: sessions on `/ws`, the FBP protocol on `/`, and a way to close them all. */
export interface WsGateway {
  /** Subscriptions of `/ws` sessions whose logs are not all sent yet (a finished execution's ends once its terminal event is sent). */
  openSubscriptions(): number;
  /** Stops accepting upgrades and closes every session with 1001 (going away), ending those that do not close within a second. */
  close(): Promise<void>;
}

/** Close code of sessions the server ends because it is shutting down. */
const GOING_AWAY = 1001;
const CLOSE_WAIT_MS = 1000;

/**
 * Serves WebSocket sessions on `/ws` of an HTTP server, after the connection limit and the bearer token check,
 * and the FBP Network Protocol on `/` (FBP tools cannot send headers: its messages carry the token as `secret`).
 */
export function attachWsGateway(server: Server, options: WsGatewayOptions): WsGateway {
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxPayloadBytes });
  const fbpWss = new WebSocketServer({
    noServer: true,
    maxPayload: options.maxPayloadBytes,
    handleProtocols: (offered) => (offered.has('noflo') ? 'noflo' : false),
  });
  const alive = new WeakMap<WebSocket, boolean>();

  // Handshakes are completed a few milliseconds' worth per turn: a thousand clients connecting at once would
  // otherwise hold the event loop for all of their handshakes and sessions in one go.
  const handshakes = new DeliveryPacer(4);
  let closing = false;
  // Protocol sockets are counted from their upgrade request to their close, apart from the connections of
  // HTTP and /ws: anonymous ones waiting for their secret can never take the slots of token holders.
  const maxProtocolConnections = options.maxProtocolConnections ?? 100;
  const protocolAuthTimeoutMs = options.protocolAuthTimeoutMs ?? 10_000;
  let protocolSockets = 0;
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (options.fbpRuntime !== undefined && pathOf(req) === '/') {
      if (protocolSockets >= maxProtocolConnections) {
        // Sockets that show no secret are gone within the auth window: a slot may be free by then.
        const retryAfter = options.auth.enabled ? Math.ceil(protocolAuthTimeoutMs / 1000) : undefined;
        return refuseUpgrade(
          socket,
          new AppError('UNAVAILABLE', `Too many FBP protocol connections: the server accepts at most ${maxProtocolConnections} at once`),
          retryAfter,
        );
      }
      protocolSockets += 1;
      socket.once('close', () => (protocolSockets -= 1));
      options.connections.release(req.socket);
    }
    // A socket that fails while it waits is only closed; the handshake then finds it closed and does nothing.
    const onError = (): void => void socket.destroy();
    socket.on('error', onError);
    handshakes.schedule({
      pump: () => {
        socket.off('error', onError);
        // Sessions opened once closing began would miss the closing of the sessions open then.
        if (closing) refuseUpgrade(socket, new AppError('UNAVAILABLE', 'The server is shutting down'));
        else if (!socket.destroyed) upgrade(req, socket, head);
        return Promise.resolve();
      },
    });
  };
  const upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const pathname = pathOf(req);
    if (pathname === '/' && options.fbpRuntime !== undefined) return fbpWss.handleUpgrade(req, socket, head, (ws) => fbpWss.emit('connection', ws, req));
    if (pathname !== '/ws') return refuseUpgrade(socket, new AppError('NOT_FOUND', `No WebSocket endpoint at ${pathname}`));
    const admitted = options.connections.admit(req.socket);
    if (!admitted.ok) return refuseUpgrade(socket, admitted.error);
    options.auth.check(credentialsOf(req, options.clientAddress)).then(
      (verdict) => {
        if (socket.destroyed) return;
        if (closing) return refuseUpgrade(socket, new AppError('UNAVAILABLE', 'The server is shutting down'));
        if (!verdict.ok) {
          if (verdict.error.code === 'UNAUTHORIZED') options.services.audit.recordRefusedCredential('ws', options.clientAddress(req) ?? null);
          return refuseUpgrade(socket, verdict.error, verdict.retryAfterSeconds);
        }
        wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req, verdict.caller));
      },
      (error: unknown) => refuseUpgrade(socket, error instanceof AppError ? error : new AppError('UNAVAILABLE', 'The token check could not be made')),
    );
  };
  server.on('upgrade', onUpgrade);

  const sessions = new Set<WsSession>();
  wss.on('connection', (ws: WebSocket, req: IncomingMessage, caller: Caller) => {
    alive.set(ws, true);
    ws.on('pong', () => alive.set(ws, true));
    const session = new WsSession(ws, {
      services: options.services,
      logger: options.logger,
      maxBufferedBytes: options.maxBufferedBytes ?? 8 * 1024 * 1024,
      graphLimits: options.graphLimits,
      budget: options.budget,
      transport: req.socket,
      address: options.clientAddress(req),
      idleTimeoutMs: options.idleTimeoutMs ?? 60_000,
      caller,
    });
    sessions.add(session);
    ws.on('close', () => sessions.delete(session));
  });

  fbpWss.on('connection', (ws: WebSocket, req: IncomingMessage) => {
    alive.set(ws, true);
    ws.on('pong', () => alive.set(ws, true));
    const runtime = options.fbpRuntime as FbpRuntime;
    serveFbpSocket(ws, {
      runtime,
      auth: options.auth,
      budget: options.budget,
      logger: options.logger,
      address: options.clientAddress(req),
      authTimeoutMs: protocolAuthTimeoutMs,
      audit: options.services.audit,
      idleTimeoutMs: options.idleTimeoutMs ?? 60_000,
    });
  });

  const pinger = setInterval(() => {
    for (const ws of [...wss.clients, ...fbpWss.clients]) {
      if (!alive.get(ws)) {
        ws.terminate();
        continue;
      }
      alive.set(ws, false);
      ws.ping();
    }
  }, options.pingIntervalMs ?? 30_000);
  pinger.unref();

  return {
    openSubscriptions: () => [...sessions].reduce((sum, session) => sum + session.openSubscriptions, 0),
    close: async () => {
      closing = true;
      clearInterval(pinger);
      server.off('upgrade', onUpgrade);
      const clients = [...wss.clients, ...fbpWss.clients];
      await Promise.all(
        clients.map(
          (ws) =>
            new Promise<void>((resolve) => {
              if (ws.readyState === ws.CLOSED) return resolve();
              const timer = setTimeout(() => {
                ws.terminate();
                resolve();
              }, CLOSE_WAIT_MS);
              ws.once('close', () => {
                clearTimeout(timer);
                resolve();
              });
              ws.close(GOING_AWAY, 'server shutting down');
            }),
        ),
      );
      fbpWss.close();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

// The path an upgrade asks for; a target that is no URL at all asks for no endpoint.
function pathOf(req: IncomingMessage): string {
  try {
    return new URL(req.url ?? '/', 'http://localhost').pathname;
  } catch {
    return '';
  }
}
