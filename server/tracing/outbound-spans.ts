import { type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_REQUEST_RESEND_COUNT,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_SERVER_ADDRESS,
  ATTR_SERVER_PORT,
  ATTR_URL_FULL,
} from '@opentelemetry/semantic-conventions';
import { type OutboundAttempt, describeUrl, outboundAttempts } from '../outbound-http';
import { type TraceKit } from './trace-kit';

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

const headerSetter = {
  set(carrier: Headers, key: string, value: string): void {
    carrier.set(key, value);
  },
};

/**
 * Traces every attempt of the service's outbound HTTP client (actors, webhooks, the IDE bridge) in a client span,
 * the child of the span current where the call was made (the firing of the node that made it), and sends that
 * span's `traceparent` with the attempt. The URL is recorded without its query, which often carries keys.
 * @returns how to stop
 */
export function traceOutboundAttempts({ tracer, contexts, propagator }: TraceKit): () => void {
  const spans = new WeakMap<OutboundAttempt, Span>();
  const handlers = {
    start(message: OutboundAttempt) {
      const { url, method, headers } = message.call;
      const parent = contexts.active();
      const span = tracer.startSpan(
        method,
        {
          kind: SpanKind.CLIENT,
          attributes: {
            [ATTR_HTTP_REQUEST_METHOD]: method,
            [ATTR_URL_FULL]: describeUrl(url),
            [ATTR_SERVER_ADDRESS]: url.hostname,
            [ATTR_SERVER_PORT]: url.port === '' ? (DEFAULT_PORTS[url.protocol] ?? 0) : Number(url.port),
            ...(message.attempt > 1 ? { [ATTR_HTTP_REQUEST_RESEND_COUNT]: message.attempt - 1 } : {}),
          },
        },
        parent,
      );
      spans.set(message, span);
      propagator.inject(trace.setSpan(parent, span), headers, headerSetter);
    },
    error(message: OutboundAttempt) {
      const span = spans.get(message);
      const error = message.error;
      const type = error instanceof Error ? error.name : 'Error';
      span?.setAttribute(ATTR_ERROR_TYPE, type);
      span?.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
    },
    // The attempt's synchronous part and the moment its promise settles tell nothing more.
    end() {},
    asyncStart() {},
    asyncEnd(message: OutboundAttempt) {
      const span = spans.get(message);
      if (span === undefined) return;
      spans.delete(message);
      const status = message.result?.status;
      if (status !== undefined) {
        span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status);
        if (status >= 400) {
          span.setAttribute(ATTR_ERROR_TYPE, String(status));
          span.setStatus({ code: SpanStatusCode.ERROR });
        }
      }
      span.end();
    },
  };
  outboundAttempts.subscribe(handlers);
  return () => outboundAttempts.unsubscribe(handlers);
}
