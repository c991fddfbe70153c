import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';

/** How the fake IDE answers: normally, with 500 to every request and upgrade, or never. */
export type FakeIdeMode = 'ok' | 'error' | 'hang';

/** One HTTP request the fake IDE received. */
interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

/** One WebSocket connection an engine opened, with the identity it gave in the query. */
interface RecordedConnection {
  namespace: string | null;
  nodeId: string | null;
}

/** What the fake IDE's trace collector received for one execution. */
interface RecordedTrace {
  /** The body that opened the session. */
  session: Record<string, unknown>;
  sessionId: string;
  /** The `events` of each batch, in the order they arrived. */
  batches: Record<string, unknown>[][];
  /** The body that closed the session, if it came. */
  completion: Record<string, unknown> | undefined;
}

/** A real HTTP and WebSocket server playing the IDE: trace collector on `/api/zip/traces`, session object on `/ws/zip`. */
export interface FakeIde {
  url: string;
  port: number;
  /** Changes how later requests and upgrades are answered. */
  mode: FakeIdeMode;
  requests: RecordedRequest[];
  connections: RecordedConnection[];
  /** Every JSON message received over the session object, from every connection, in order. */
  messages: Record<string, unknown>[];
  /** Sends a message to every connected engine. */
  broadcast(message: unknown): void;
  /** What the trace collector received for an execution (undefined when it opened no session for it). */
  trace(executionId: string): RecordedTrace | undefined;
  /** Live messages about one execution, in order. */
  liveFor(executionId: string): Record<string, unknown>[];
  close(): Promise<void>;
}

/** Starts a fake IDE on 127.0.0.1 (`port` 0 picks a free one; pass an old one to restart "the same" IDE). */
export async function startFakeIde(options: { mode?: FakeIdeMode; port?: number } = {}): Promise<FakeIde> {
  const held = new Set<Duplex | ServerResponse>();
  const requests: RecordedRequest[] = [];
  const connections: RecordedConnection[] = [];
  const messages: Record<string, unknown>[] = [];
  const wss = new WebSocketServer({ noServer: true });
  const state = { mode: options.mode ?? 'ok' };
  const sessionIds = new Map<string, string>();

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      requests.push({ method: req.method ?? '', path, body: text ? (JSON.parse(text) as unknown) : undefined });
      if (state.mode === 'hang') {
        held.add(res);
        return;
      }
      if (state.mode === 'error') return json(res, 500, { success: false, error: 'The IDE is broken' });
      if (path === '/api/zip/traces/sessions') {
        const sessionId = `session-${sessionIds.size + 1}`;
        sessionIds.set((JSON.parse(text) as { executionId: string }).executionId, sessionId);
        return json(res, 200, { sessionId, startTime: new Date().toISOString() });
      }
      if (path.endsWith('/events')) return json(res, 200, { success: true, eventsProcessed: (JSON.parse(text) as { events: unknown[] }).events.length });
      if (path.endsWith('/complete')) return json(res, 200, { success: true });
      return json(res, 404, { success: false });
    });
  });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (state.mode === 'hang') {
      held.add(socket);
      return;
    }
    if (state.mode === 'error' || url.pathname !== '/ws/zip') {
      socket.end('HTTP/1.1 500 Internal Server Error\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
      connections.push({ namespace: url.searchParams.get('namespace'), nodeId: url.searchParams.get('node_id') });
      ws.on('message', (data) => messages.push(JSON.parse(data.toString()) as Record<string, unknown>));
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const bodiesTo = (path: string) => requests.filter((r) => r.path === path).map((r) => r.body as Record<string, unknown>);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    get mode() {
      return state.mode;
    },
    set mode(mode: FakeIdeMode) {
      state.mode = mode;
    },
    requests,
    connections,
    messages,
    broadcast: (message) => {
      for (const ws of wss.clients) ws.send(JSON.stringify(message));
    },
    trace: (executionId) => {
      const sessionId = sessionIds.get(executionId);
      const opened = requests.find((r) => r.path === '/api/zip/traces/sessions' && (r.body as { executionId?: string }).executionId === executionId);
      if (!sessionId || !opened) return undefined;
      const [completion] = bodiesTo(`/api/zip/traces/${sessionId}/complete`);
      return {
        session: opened.body as Record<string, unknown>,
        sessionId,
        batches: bodiesTo(`/api/zip/traces/${sessionId}/events`).map((b) => b.events as Record<string, unknown>[]),
        completion,
      };
    },
    liveFor: (executionId) => messages.filter((m) => m.executionId === executionId),
    close: () =>
      new Promise<void>((resolve) => {
        for (const handle of held) handle.destroy();
        for (const ws of wss.clients) ws.terminate();
        wss.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
