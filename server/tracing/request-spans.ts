import { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, defaultTextMapGetter, trace } from '@opentelemetry/api';
import { ATTR_HTTP_REQUEST_METHOD, ATTR_HTTP_RESPONSE_STATUS_CODE, ATTR_HTTP_ROUTE, ATTR_URL_PATH } from '@opentelemetry/semantic-conventions';
import { type TraceKit } from './trace-kit';

function pathOf(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * Wraps a request listener in a server span per request: named `METHOD /route/:pattern` (the method alone for a
 * path no route matches), the child of the request's `traceparent`, current while the request is handled, body
 * reading included, and ended when the response is done with its status.
 */
export function traceRequests(
  { tracer, contexts, propagator }: TraceKit,
  listener: RequestListener,
  routeOf: (path: string) => string | undefined,
): RequestListener {
  return function tracedRequest(req: IncomingMessage, res: ServerResponse) {
    const parent = propagator.extract(ROOT_CONTEXT, req.headers, defaultTextMapGetter);
    const method = req.method ?? 'GET';
    const path = pathOf(req);
    const route = routeOf(path);
    const span = tracer.startSpan(
      route === undefined ? method : `${method} ${route}`,
      {
        kind: SpanKind.SERVER,
        attributes: { [ATTR_HTTP_REQUEST_METHOD]: method, [ATTR_URL_PATH]: path, ...(route === undefined ? {} : { [ATTR_HTTP_ROUTE]: route }) },
      },
      parent,
    );
    res.once('close', () => {
      // A client that went away before an answer leaves the span without a status code.
      if (res.headersSent) {
        span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, res.statusCode);
        if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      }
      span.end();
    });
    const current = trace.setSpan(parent, span);
    // The body arrives in events of the request, which would otherwise run outside the span.
    contexts.bind(current, req);
    contexts.with(current, () => listener(req, res));
  };
}
