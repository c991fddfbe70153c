import { type RequestHandler } from 'express';
import { EventFollower } from '../executions';
import { type AppServices } from './app-services';

const HEARTBEAT_MS = 15_000;

function resumeSeq(lastEventId: string | undefined, fromSeq: unknown): number {
  const last = Number(lastEventId);
  if (lastEventId !== undefined && Number.isInteger(last) && last >= 0) return last + 1;
  const from = Number(fromSeq);
  return Number.isInteger(from) && from >= 1 ? from : 1;
}

/**
 * Streams an execution's events as Server-Sent Events when the client asks for `text/event-stream`
 * (each event's `id` is its seq, so `Last-Event-ID` resumes after it); other requests pass on to the
 * JSON route. The stream ends after the terminal event.
 */
export function eventStreamHandler({ executions }: AppServices): RequestHandler {
  return function streamEvents(req, res, next) {
    if (req.accepts(['application/json', 'text/event-stream']) !== 'text/event-stream') return next();
    const id = req.params.execution_id;
    executions.get(id);
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.write(': stream of execution events\n\n');
    const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
    const follower = new EventFollower(executions, id, {
      fromSeq: resumeSeq(req.header('last-event-id'), req.query.from_seq),
      deliver: (events) => {
        const text = events.map((event) => `id: ${event.seq}\ndata: ${JSON.stringify(event)}\n\n`).join('');
        if (res.write(text)) return 'continue';
        res.once('drain', () => follower.resume());
        return 'pause';
      },
      onComplete: () => res.end(),
    });
    res.on('close', () => {
      clearInterval(heartbeat);
      follower.stop();
    });
  };
}
