import { type RequestHandler, Router } from 'express';
import { isTerminalEvent } from '../engine';
import { EventFollower, statusOfTerminalEvent } from '../executions';
import { type AppServices } from '../transport';
import { tenantOfCaller } from './caller-tenant';

const HEARTBEAT_MS = 15_000;
/** How long an EventSource waits before it reconnects after a dropped connection. */
const RETRY_MS = 3000;

function resumeSeq(lastEventId: string | undefined, fromSeq: unknown): number {
  const last = Number(lastEventId);
  if (lastEventId !== undefined && Number.isInteger(last) && last >= 0) return last + 1;
  const from = Number(fromSeq);
  return Number.isInteger(from) && from >= 1 ? from : 1;
}

/**
 * Streams an execution's events as Server-Sent Events when the client asks for `text/event-stream`; other
 * requests pass on to the JSON route. Each event is named by its `_type` and carries its seq as `id`, so
 * `Last-Event-ID` resumes after it. After the terminal event comes an `end` event and the stream closes; an
 * EventSource that reconnects to a finished execution it has read whole is answered 204, which stops it.
 * `open` holds the streams being written, so that a shutdown can wait for them to end.
 */
export function eventStreamRoute(services: Pick<AppServices, 'executions'>, open: Set<unknown> = new Set()): Router {
  return Router().get('/workflows/:execution_id/events', eventStreamHandler(services, open));
}

function eventStreamHandler({ executions }: Pick<AppServices, 'executions'>, open: Set<unknown>): RequestHandler {
  return function streamEvents(req, res, next) {
    if (req.accepts(['application/json', 'text/event-stream']) !== 'text/event-stream') return next();
    const id = req.params.execution_id;
    const fromSeq = resumeSeq(req.header('last-event-id'), req.query.from_seq);
    // Another tenant's execution is answered 404 here, before anything is streamed; the follower reads only this id.
    executions.readEvents(id, fromSeq, 1, tenantOfCaller(res)).then((log) => {
      if (req.header('last-event-id') !== undefined && log.finished && fromSeq > log.lastSeq) {
        res.status(204).end();
        return;
      }
      stream(id, fromSeq);
    }, next);

    function stream(id: string, fromSeq: number): void {
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      res.write(`retry: ${RETRY_MS}\n: stream of execution events\n\n`);
      open.add(res);
      const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
      let status = '';
      const follower = new EventFollower(executions, id, {
        fromSeq,
        deliver: (events) => {
          const last = events[events.length - 1];
          if (isTerminalEvent(last)) status = statusOfTerminalEvent(last);
          const text = events.map((event) => `id: ${event.seq}\nevent: ${event._type}\ndata: ${JSON.stringify(event)}\n\n`).join('');
          if (res.write(text)) return 'continue';
          res.once('drain', () => follower.resume());
          return 'pause';
        },
        onComplete: () => {
          if (status !== '') return res.end(`event: end\ndata: ${JSON.stringify({ execution_id: id, status })}\n\n`);
          void executions.get(id).then(
            (record) => res.end(`event: end\ndata: ${JSON.stringify({ execution_id: id, status: record.status })}\n\n`),
            () => res.end(),
          );
        },
      });
      res.on('close', () => {
        open.delete(res);
        clearInterval(heartbeat);
        follower.stop();
      });
    }
  };
}
