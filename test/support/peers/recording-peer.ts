import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';

/** One request a peer received, as the actor under test sent it. */
export interface RecordedRequest {
  readonly method: string;
  /** The path with its query string, as sent. */
  readonly url: string;
  /** The path without the query string. */
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  /** The body as text ('' when there was none). */
  readonly text: string;
  /** The body read as JSON, or undefined when it is not JSON. */
  readonly json: unknown;
}

/** What a peer's route answers: a status, headers and a body (an object is sent as JSON), or a stream of chunks. */
export interface PeerAnswer {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** Written one after another (a streaming answer, such as server-sent events); `body` is ignored. */
  chunks?: readonly string[];
  /** Waits this long before answering. */
  delayMs?: number;
}

/** Answers one request; may be async. */
export type PeerRoute = (request: RecordedRequest) => PeerAnswer | Promise<PeerAnswer>;

/** A protocol peer for tests: a real HTTP server on 127.0.0.1 that answers with the test's routes and records every request. */
export interface RecordingPeer {
  /** `http://127.0.0.1:<port>`, with no trailing slash. */
  readonly url: string;
  /** Every request received, in order. */
  readonly requests: RecordedRequest[];
  /** Requests whose client went away before the answer (an aborted call). */
  readonly aborted: number;
  close(): Promise<void>;
}

/**
 * Starts a peer whose routes are keyed `'METHOD /path'` (the path without its query); a request no route
 * matches is answered 404 with a JSON error, and recorded all the same.
 * @example const peer = await startRecordingPeer({ 'POST /v1/chat/completions': () => ({ body: { choices: [] } }) });
 */
export async function startRecordingPeer(routes: Record<string, PeerRoute>): Promise<RecordingPeer> {
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let aborted = 0;
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      const text = Buffer.concat(parts).toString('utf8');
      const parsed = new URL(req.url ?? '/', 'http://peer');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        path: parsed.pathname,
        query: parsed.searchParams,
        headers: req.headers,
        text,
        json: readJson(text),
      };
      requests.push(recorded);
      const route = routes[`${recorded.method} ${recorded.path}`];
      res.on('close', () => {
        if (!res.writableEnded) aborted += 1;
      });
      void Promise.resolve(route ? route(recorded) : { status: 404, body: { error: `No route for ${recorded.method} ${recorded.path}` } })
        .then((answer) => {
          const send = (): void => {
            if (res.destroyed) return;
            answerWith(res, answer);
          };
          if (answer.delayMs === undefined) return send();
          const timer = setTimeout(() => {
            timers.delete(timer);
            send();
          }, answer.delayMs);
          timers.add(timer);
        })
        .catch((error: unknown) => answerWith(res, { status: 500, body: { error: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get aborted() {
      return aborted;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function readJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function answerWith(res: ServerResponse, answer: PeerAnswer): void {
  const status = answer.status ?? 200;
  if (answer.chunks !== undefined) {
    res.writeHead(status, { 'content-type': 'text/event-stream', ...answer.headers });
    for (const chunk of answer.chunks) res.write(chunk);
    res.end();
    return;
  }
  const isText = typeof answer.body === 'string' || Buffer.isBuffer(answer.body);
  const body = answer.body === undefined ? '' : isText ? (answer.body as string | Buffer) : JSON.stringify(answer.body);
  const type = answer.body === undefined ? {} : { 'content-type': isText ? 'text/plain' : 'application/json' };
  res.writeHead(status, { ...type, ...answer.headers }).end(body);
}
